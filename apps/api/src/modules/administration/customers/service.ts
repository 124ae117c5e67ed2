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
import { Invalid, NotFound } from '../../../http/errors';
import { pageWindow, type PageQuery } from '../../../http/pagination';
import { PermissionDenied } from '../../accounts/errors';
import { revokeUserTokens } from '../../accounts/queries';
import { snapshotOf } from '../../addresses/queries';
import { audit, changedFields, type Actor } from '../audit';
import { COUNT_CAP, orderingOf } from '../listing';
import * as queries from './queries';

/** How many of a customer's latest orders, and exclusive prices, the detail shows. */
export const RECENT_ORDERS = 10;
export const DETAIL_PRICES = 100;

/** The back office's user in the request: who acts, and with which role. */
export interface Staff extends Actor {
  id: number;
  role: UserRole;
}

export const CUSTOMER_MESSAGES = {
  deactivateSelf: 'You cannot deactivate your own account.',
  deactivateOwner: 'Only an owner can deactivate an owner.',
} as const;

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

/** Customers in the back office (issue 11): search, detail, deactivation and exclusive prices. */
export function createCustomersService(db: Db) {
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
     * is refused. Staff cannot deactivate an owner, and nobody deactivates themselves.
     */
    async setActive(staff: Staff, userId: number, isActive: boolean): Promise<CustomerSummary> {
      return db.transaction(async (tx) => {
        const before = await queries.lockCustomer(tx, userId);
        if (!before) throw new NotFound();
        if (!isActive && userId === staff.id) {
          throw new Invalid({ is_active: [CUSTOMER_MESSAGES.deactivateSelf] });
        }
        if (before.role === 'owner' && staff.role !== 'owner') {
          throw new PermissionDenied(CUSTOMER_MESSAGES.deactivateOwner);
        }
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
        if (!(await queries.lockCustomer(tx, userId))) throw new NotFound();
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
        const before = await queries.lockExclusivePrice(tx, userId, priceId);
        if (!before) throw new NotFound();
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
        const before = await queries.lockExclusivePrice(tx, userId, priceId);
        if (!before) throw new NotFound();
        await queries.deleteExclusivePrice(tx, priceId);
        await audit(tx, staff, {
          action: 'exclusive_price.delete',
          entityType: 'exclusive_price',
          entityId: priceId,
          before: {
            user_id: userId,
            item_id: before.itemId,
            discount_percentage: before.discountPercentage,
            starts_on: before.startsOn,
            ends_on: before.endsOn,
          },
        });
      });
    },
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
