import {
  daysInOrder,
  EXCLUSIVE_PRICE_MESSAGES,
  type AdminExclusivePrice,
  type CustomerDetail,
  type CustomerSummary,
  type ExclusivePriceCreate,
  type ExclusivePriceUpdate,
} from '@shop/domain';
import type { Db } from '../../../db/client';
import type { UserRole } from '../../../db/schema';
import { Conflict, Invalid, NotFound } from '../../../http/errors';
import { pageWindow, type PageQuery } from '../../../http/pagination';
import { PermissionDenied } from '../../accounts/errors';
import { revokeUserTokens } from '../../accounts/service';
import { snapshotOf } from '../../addresses/service';
import { audit, changedFields, type Actor, type AuditEntry } from '../audit';
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

/** An exclusive price's deletion as the audit log records it. */
function priceDeletion(userId: number, price: queries.DeletedPrice): AuditEntry {
  return {
    action: 'exclusive_price.delete',
    entityType: 'exclusive_price',
    entityId: price.id,
    before: {
      user_id: userId,
      item_id: price.itemId,
      discount_percentage: price.discountPercentage,
      starts_on: price.startsOn,
      ends_on: price.endsOn,
    },
  };
}

/**
 * Deletes an account's exclusive prices as it becomes staff or an owner, inside the role change's
 * transaction (which holds the account's row lock, as a price's creation does): exclusive prices are for
 * customers only, so none outlives a promotion. Answers the audit entries to record with the change.
 */
export async function deleteExclusivePricesOf(tx: Db, userId: number): Promise<AuditEntry[]> {
  const deleted = await queries.deleteUserExclusivePrices(tx, userId);
  return deleted.map((price) => priceDeletion(userId, price));
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

function priceOf(row: queries.ExclusivePriceRow): AdminExclusivePrice {
  return {
    id: row.id,
    item: { id: row.itemId, sku: row.sku, title: row.title },
    discount_percentage: row.discountPercentage,
    starts_on: row.startsOn,
    ends_on: row.endsOn,
    in_force: row.inForce,
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
        queries.selectExclusivePricePage(db, userId, { limit: DETAIL_PRICES, offset: 0 }),
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
        exclusive_price_count: prices.total,
        exclusive_prices: prices.rows.map(priceOf),
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

    async listExclusivePrices(userId: number, page: PageQuery) {
      await existing(userId);
      const { rows, total } = await queries.selectExclusivePricePage(db, userId, pageWindow(page));
      return { count: total, results: rows.map(priceOf) };
    },

    async createExclusivePrice(
      staff: Staff,
      userId: number,
      body: ExclusivePriceCreate,
    ): Promise<AdminExclusivePrice> {
      const id = await db.transaction(async (tx) => {
        const account = await lockAccount(tx, staff, userId);
        assertMayManage(account);
        if (account.role !== 'customer') throw new Conflict(CUSTOMER_MESSAGES.pricesForCustomersOnly);
        const itemId = await queries.selectItemIdBySku(tx, body.item);
        if (itemId === undefined) throw new Invalid({ item: [EXCLUSIVE_PRICE_MESSAGES.itemUnknown] });
        const values = {
          userId,
          itemId,
          discountPercentage: body.discount_percentage,
          startsOn: body.starts_on ?? null,
          endsOn: body.ends_on ?? null,
        };
        const created = await queries.insertExclusivePrice(tx, values);
        if (created === null) throw new Invalid({ item: [EXCLUSIVE_PRICE_MESSAGES.duplicate] });
        await audit(tx, staff, {
          action: 'exclusive_price.create',
          entityType: 'exclusive_price',
          entityId: created,
          after: {
            user_id: userId,
            item: body.item,
            discount_percentage: values.discountPercentage,
            starts_on: values.startsOn,
            ends_on: values.endsOn,
          },
        });
        return created;
      });
      return priceOf((await queries.selectExclusivePrice(db, userId, id))!);
    },

    /** Changes a price's percent or dates; a price of another customer is not found. */
    async updateExclusivePrice(
      staff: Staff,
      userId: number,
      priceId: number,
      body: ExclusivePriceUpdate,
    ): Promise<AdminExclusivePrice> {
      await db.transaction(async (tx) => {
        const account = await lockAccount(tx, staff, userId);
        assertMayManage(account);
        const before = await queries.lockExclusivePrice(tx, userId, priceId);
        if (!before) throw new NotFound();
        // A price left on a staff account from before the rule may be removed, never changed.
        if (account.role !== 'customer') throw new Conflict(CUSTOMER_MESSAGES.pricesForCustomersOnly);
        const next = {
          discount_percentage: body.discount_percentage,
          starts_on: body.starts_on,
          ends_on: body.ends_on,
        };
        const startsOn = next.starts_on === undefined ? before.startsOn : next.starts_on;
        const endsOn = next.ends_on === undefined ? before.endsOn : next.ends_on;
        // The schema checks the dates a body gives; this checks them against the ones it keeps.
        if (!daysInOrder(startsOn, endsOn)) {
          throw new Invalid({ ends_on: [EXCLUSIVE_PRICE_MESSAGES.datesOrdered] });
        }
        const change = changedFields(
          {
            discount_percentage: before.discountPercentage,
            starts_on: before.startsOn,
            ends_on: before.endsOn,
          },
          next,
        );
        if (!change) return;
        await queries.updateExclusivePrice(tx, priceId, {
          discountPercentage: change.after.discount_percentage,
          startsOn: change.after.starts_on,
          endsOn: change.after.ends_on,
        });
        await audit(tx, staff, {
          action: 'exclusive_price.update',
          entityType: 'exclusive_price',
          entityId: priceId,
          ...change,
        });
      });
      return priceOf((await queries.selectExclusivePrice(db, userId, priceId))!);
    },

    async deleteExclusivePrice(staff: Staff, userId: number, priceId: number): Promise<void> {
      await db.transaction(async (tx) => {
        assertMayManage(await lockAccount(tx, staff, userId));
        const before = await queries.lockExclusivePrice(tx, userId, priceId);
        if (!before) throw new NotFound();
        await queries.deleteExclusivePrice(tx, priceId);
        await audit(tx, staff, priceDeletion(userId, before));
      });
    },
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
