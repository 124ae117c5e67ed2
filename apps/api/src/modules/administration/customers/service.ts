import {
  COMPANY_MESSAGES,
  EXCLUSIVE_PRICE_MESSAGES,
  type CustomerDetail,
  type CustomerSummary,
} from '@shop/domain';
import type { Db } from '../../../db/client';
import type { UserRole } from '../../../db/schema';
import { Conflict, Invalid, NotFound } from '../../../http/errors';
import { pageWindow, type PageQuery } from '../../../http/pagination';
import { PermissionDenied } from '../../accounts/errors';
import { revokeUserTokens } from '../../accounts/service';
import { snapshotOf } from '../../addresses/service';
import { deleteMembershipOfUser, isLastAdministratorWithOthers } from '../../companies/service';
import { audit, type Actor, type AuditEntry } from '../audit';
import {
  createExclusivePricesService,
  priceDeletion,
  pricePage,
  type PriceOwnerRules,
} from '../exclusive-prices/service';
import { COUNT_CAP, orderingOf } from '../listing';
import * as queries from './queries';

/** How many of a customer's latest orders, and exclusive prices, the detail shows. */
export const RECENT_ORDERS = 10;
export const DETAIL_PRICES = 100;

/** The back office's user in the request: who acts. Their role is read from the database when they act. */
export type Staff = Actor & { id: number };

export const CUSTOMER_MESSAGES = {
  deactivateSelf: 'You cannot deactivate your own account.',
  ownersOnly: 'Only an owner can change a staff or owner account.',
  pricesForCustomersOnly:
    'Exclusive prices are for customer accounts only: staff and owners pay the shop’s prices.',
} as const;

/**
 * Staff and owner accounts are the owners' to manage (docs/operations.md): a staff member who could switch a
 * colleague off, or give a colleague (or themselves) a discount, would hold an owner's power. Both roles
 * come from the database, read in the change's transaction.
 */
function assertMayManage(account: { role: UserRole; actorRole: UserRole | null }): void {
  if (account.role !== 'customer' && account.actorRole !== 'owner') {
    throw new PermissionDenied(CUSTOMER_MESSAGES.ownersOnly);
  }
}

/**
 * Deletes an account's exclusive prices as it becomes staff or an owner, inside the role change's
 * transaction (which holds the account's row lock, as a price's creation does): exclusive prices are for
 * customers only, so none outlives a promotion. Answers the audit entries to record with the change.
 */
export async function deleteExclusivePricesOf(tx: Db, userId: number): Promise<AuditEntry[]> {
  const deleted = await queries.deleteUserExclusivePrices(tx, userId);
  return deleted.map((price) => priceDeletion('customer', userId, price));
}

/**
 * Ends an account's trade membership as it becomes staff or an owner, in the role change's transaction, with
 * the invitations it sent: staff and owners hold no trade membership (they decide trade accounts). The only
 * administrator of a company that others belong to is refused (409) until another member is made one.
 * Answers the audit entry to record with the change.
 */
export async function endTradeMembershipOf(tx: Db, userId: number): Promise<AuditEntry[]> {
  if (await isLastAdministratorWithOthers(tx, userId)) {
    throw new Conflict(COMPANY_MESSAGES.lastAdministratorPromoted);
  }
  const ended = await deleteMembershipOfUser(tx, userId);
  if (!ended) return [];
  return [
    {
      action: 'company_member.remove',
      entityType: 'company_member',
      entityId: ended.id,
      before: { company_id: ended.companyId, user_id: userId, role: ended.role },
      after: null,
    },
  ];
}

function summaryOf(row: queries.CustomerRow): CustomerSummary {
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    company_name: row.companyName,
    role: row.role,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
  };
}

export interface CustomerListQuery extends PageQuery {
  ordering: string;
  q?: string | undefined;
  role?: UserRole | undefined;
  active?: boolean | undefined;
}

/** Customers in the back office: search, detail, deactivation and exclusive prices. */
export function createCustomersService(db: Db) {
  /** Locks the account a change is about, with the actor's role as the database has it now. */
  async function lockAccount(tx: Db, staff: Staff, userId: number) {
    const account = await queries.lockCustomer(tx, userId, staff.id);
    if (!account) throw new NotFound();
    return account;
  }

  async function existing(userId: number) {
    const customer = await queries.selectCustomer(db, userId);
    if (!customer) throw new NotFound();
    return customer;
  }

  /** A customer's own prices: never a staff or owner account's, and changed only by whoever may manage it. */
  const customerPrices: PriceOwnerRules = {
    owner: 'customer',
    checkExists: async (userId) => void (await existing(userId)),
    async lock(tx, staff, userId) {
      const account = await lockAccount(tx, staff, userId);
      assertMayManage(account);
      return account.role === 'customer' ? null : CUSTOMER_MESSAGES.pricesForCustomersOnly;
    },
    duplicateMessage: EXCLUSIVE_PRICE_MESSAGES.duplicate,
  };
  const prices = createExclusivePricesService(db, customerPrices);

  return {
    async listCustomers(query: CustomerListQuery) {
      const window = pageWindow(query);
      const { rows, total } = await queries.selectCustomerPage(
        db,
        { q: query.q || undefined, role: query.role, active: query.active },
        orderingOf<queries.CustomerOrdering>(query.ordering),
        window,
      );
      // Past the cap the count is a floor: the list says "more than".
      const capped = total > COUNT_CAP;
      return { count: capped ? COUNT_CAP : total, capped, results: rows.map(summaryOf) };
    },

    async getCustomer(userId: number): Promise<CustomerDetail> {
      const customer = await existing(userId);
      const [addressRows, orderRows, prices] = await Promise.all([
        queries.selectAddresses(db, userId),
        queries.selectRecentOrders(db, userId, RECENT_ORDERS),
        pricePage(db, 'customer', userId, { limit: DETAIL_PRICES, offset: 0 }, true),
      ]);
      return {
        ...summaryOf(customer),
        interested_in_marketing_communications: customer.interestedInMarketingCommunications,
        order_count: customer.orderCount,
        addresses: addressRows.map((row) => ({ id: row.id, ...snapshotOf(row) })),
        recent_orders: orderRows.map((row) => ({
          id: row.id,
          status: row.status,
          payment_status: row.paymentStatus,
          total_pence: row.totalPence,
          created_at: row.createdAt.toISOString(),
        })),
        // The first page of a customer just found is never null.
        exclusive_price_count: prices!.count,
        exclusive_prices: prices!.results,
      };
    },

    /**
     * Activates or deactivates an account. Deactivation ends every session at once: the session check on
     * each request requires an active user, and the refresh tokens are revoked, so the user's next request
     * is refused. Only an owner switches a staff or owner account off or on, and nobody deactivates themselves.
     */
    async setActive(staff: Staff, userId: number, isActive: boolean): Promise<CustomerSummary> {
      return db.transaction(async (tx) => {
        const before = await lockAccount(tx, staff, userId);
        if (!isActive && userId === staff.id) {
          throw new Invalid({ is_active: [CUSTOMER_MESSAGES.deactivateSelf] });
        }
        assertMayManage(before);
        if (before.isActive === isActive) return summaryOf(before);
        const after = await queries.updateActive(tx, userId, isActive);
        if (!isActive) await revokeUserTokens(tx, userId);
        await audit(tx, staff, {
          action: isActive ? 'user.activate' : 'user.deactivate',
          entityType: 'user',
          entityId: userId,
          before: { is_active: before.isActive },
          after: { is_active: isActive },
        });
        return summaryOf(after);
      });
    },

    listExclusivePrices: prices.list,
    createExclusivePrice: prices.create,
    updateExclusivePrice: prices.update,
    deleteExclusivePrice: prices.remove,
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
