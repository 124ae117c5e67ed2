import {
  COMPANY_PRICE_MESSAGES,
  daysInOrder,
  EXCLUSIVE_PRICE_MESSAGES,
  type AdminExclusivePrice,
  type ExclusivePriceCreate,
  type ExclusivePriceUpdate,
} from '@shop/domain';
import type { Db } from '../../../../db/client';
import { Invalid, NotFound } from '../../../../http/errors';
import { pageWindow, type PageQuery } from '../../../../http/pagination';
import { audit, changedFields, type Actor } from '../../audit';
import * as queries from './queries';

/** The back office's user in the request: who acts. Their role is read from the database when they act. */
export type Staff = Actor & { id: number };

/** A company price as the back office answers it: the shape of a customer's exclusive price. */
function priceOf(row: queries.CompanyPriceRow): AdminExclusivePrice {
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

/**
 * A company's exclusive prices in the back office: the same bodies, answers and rules as a
 * customer's. Every customer account among its members gets them while it is approved (staff and owner
 * accounts pay the shop's prices, so pricing a company gives a staff member nothing), and where a member also
 * has a price of their own the greater discount applies (`appliedExclusivePrice`). A company, or a price of
 * another company, that does not exist is not found; each write is audited in its transaction.
 */
export function createCompanyPricesService(db: Db) {
  /** Locks the company a change is about; not found when there is none. */
  async function lockCompany(tx: Db, companyId: number) {
    if (!(await queries.lockCompany(tx, companyId))) throw new NotFound();
  }

  return {
    async list(companyId: number, page: PageQuery) {
      const found = await queries.selectCompanyPricePage(db, companyId, pageWindow(page));
      if (!found) throw new NotFound();
      return { count: found.total, results: found.rows.map(priceOf) };
    },

    async create(staff: Staff, companyId: number, body: ExclusivePriceCreate): Promise<AdminExclusivePrice> {
      const id = await db.transaction(async (tx) => {
        await lockCompany(tx, companyId);
        const itemId = await queries.selectItemIdBySku(tx, body.item);
        if (itemId === undefined) throw new Invalid({ item: [EXCLUSIVE_PRICE_MESSAGES.itemUnknown] });
        const values = {
          companyId,
          itemId,
          discountPercentage: body.discount_percentage,
          startsOn: body.starts_on ?? null,
          endsOn: body.ends_on ?? null,
        };
        const created = await queries.insertCompanyPrice(tx, values);
        if (created === null) throw new Invalid({ item: [COMPANY_PRICE_MESSAGES.duplicate] });
        await audit(tx, staff, {
          action: 'company_price.create',
          entityType: 'company_price',
          entityId: created,
          after: {
            company_id: companyId,
            item: body.item,
            discount_percentage: values.discountPercentage,
            starts_on: values.startsOn,
            ends_on: values.endsOn,
          },
        });
        return created;
      });
      return priceOf((await queries.selectCompanyPrice(db, companyId, id))!);
    },

    /** Changes a price's percent or dates; a price of another company is not found. */
    async update(
      staff: Staff,
      companyId: number,
      priceId: number,
      body: ExclusivePriceUpdate,
    ): Promise<AdminExclusivePrice> {
      await db.transaction(async (tx) => {
        await lockCompany(tx, companyId);
        const before = await queries.lockCompanyPrice(tx, companyId, priceId);
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
        await queries.updateCompanyPrice(tx, priceId, {
          discountPercentage: change.after.discount_percentage,
          startsOn: change.after.starts_on,
          endsOn: change.after.ends_on,
        });
        await audit(tx, staff, {
          action: 'company_price.update',
          entityType: 'company_price',
          entityId: priceId,
          before: { company_id: companyId, ...change.before },
          after: { company_id: companyId, ...change.after },
        });
      });
      return priceOf((await queries.selectCompanyPrice(db, companyId, priceId))!);
    },

    async remove(staff: Staff, companyId: number, priceId: number): Promise<void> {
      await db.transaction(async (tx) => {
        await lockCompany(tx, companyId);
        const before = await queries.lockCompanyPrice(tx, companyId, priceId);
        if (!before) throw new NotFound();
        await queries.deleteCompanyPrice(tx, priceId);
        await audit(tx, staff, {
          action: 'company_price.delete',
          entityType: 'company_price',
          entityId: priceId,
          before: {
            company_id: companyId,
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

export type CompanyPricesService = ReturnType<typeof createCompanyPricesService>;
