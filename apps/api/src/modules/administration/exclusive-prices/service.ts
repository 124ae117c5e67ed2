import {
  daysInOrder,
  EXCLUSIVE_PRICE_MESSAGES,
  type AdminExclusivePrice,
  type ExclusivePriceCreate,
  type ExclusivePriceUpdate,
} from '@shop/domain';
import type { Db } from '../../../db/client';
import { Conflict, Invalid, NotFound } from '../../../http/errors';
import { pageWindow, type PageQuery } from '../../../http/pagination';
import { audit, changedFields, type Actor, type AuditEntry } from '../audit';
import * as queries from './queries';

export type { PriceOwner } from './queries';

/** The back office's user in the request: who acts. Their role is read from the database when they act. */
type Staff = Actor & { id: number };

/**
 * How one kind of owner's prices differ: how it is found and locked, and what the audit log and a duplicate
 * call them. The bodies, answers, checks and statements are otherwise the same for a customer and a company.
 */
export interface PriceOwnerRules {
  owner: queries.PriceOwner;
  /** Refuses an unknown owner before a list (NotFound); null when the page's own statements find it out. */
  checkExists: ((ownerId: number) => Promise<void>) | null;
  /**
   * Locks the owner for a change, refusing an unknown one (NotFound) or one the staff member may not manage;
   * answers why its prices may not be added or changed (a Conflict), or null when they may.
   */
  lock(tx: Db, staff: Staff, ownerId: number): Promise<string | null>;
  /** The answer to a second price for the same item. */
  duplicateMessage: string;
}

/** The audit log's names for each owner's prices; a company's changes also name the company. */
const AUDIT = {
  customer: { entityType: 'exclusive_price', ownerKey: 'user_id', ownerInChange: false },
  company: { entityType: 'company_price', ownerKey: 'company_id', ownerInChange: true },
} as const;

/** A price as the back office answers it, a customer's or a company's alike. */
function priceOf(row: queries.PriceRow): AdminExclusivePrice {
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

/** A price's deletion as the audit log records it. */
export function priceDeletion(
  owner: queries.PriceOwner,
  ownerId: number,
  price: queries.LockedPrice,
): AuditEntry {
  const { entityType, ownerKey } = AUDIT[owner];
  return {
    action: `${entityType}.delete`,
    entityType,
    entityId: price.id,
    before: {
      [ownerKey]: ownerId,
      item_id: price.itemId,
      discount_percentage: price.discountPercentage,
      starts_on: price.startsOn,
      ends_on: price.endsOn,
    },
  };
}

/**
 * A page of an owner's prices as answered; null for an unknown owner. `ownerKnown` when the caller has just
 * found it (the first page then needs no statement to tell an empty list from an unknown owner).
 */
export async function pricePage(
  db: Db,
  owner: queries.PriceOwner,
  ownerId: number,
  window: { limit: number; offset: number },
  ownerKnown: boolean,
): Promise<{ count: number; results: AdminExclusivePrice[] } | null> {
  const found = await queries.selectPricePage(db, owner, ownerId, window, ownerKnown);
  return found && { count: found.total, results: found.rows.map(priceOf) };
}

/**
 * Exclusive prices in the back office, a customer's own or a company's for its members: list, create, change
 * and delete, each write in one transaction with the owner locked and its audit row. A price of another owner
 * is not found.
 */
export function createExclusivePricesService(db: Db, rules: PriceOwnerRules) {
  const { owner } = rules;
  const names = AUDIT[owner];
  const scope = (ownerId: number) => ({ [names.ownerKey]: ownerId });
  const answer = async (ownerId: number, priceId: number) =>
    priceOf((await queries.selectPrice(db, owner, ownerId, priceId))!);

  return {
    async list(ownerId: number, page: PageQuery) {
      await rules.checkExists?.(ownerId);
      const found = await pricePage(db, owner, ownerId, pageWindow(page), rules.checkExists !== null);
      if (!found) throw new NotFound();
      return found;
    },

    async create(staff: Staff, ownerId: number, body: ExclusivePriceCreate): Promise<AdminExclusivePrice> {
      const id = await db.transaction(async (tx) => {
        const refusal = await rules.lock(tx, staff, ownerId);
        if (refusal !== null) throw new Conflict(refusal);
        const itemId = await queries.selectItemIdBySku(tx, body.item);
        if (itemId === undefined) throw new Invalid({ item: [EXCLUSIVE_PRICE_MESSAGES.itemUnknown] });
        const values = {
          itemId,
          discountPercentage: body.discount_percentage,
          startsOn: body.starts_on ?? null,
          endsOn: body.ends_on ?? null,
        };
        const created = await queries.insertPrice(tx, owner, ownerId, values);
        if (created === null) throw new Invalid({ item: [rules.duplicateMessage] });
        await audit(tx, staff, {
          action: `${names.entityType}.create`,
          entityType: names.entityType,
          entityId: created,
          after: {
            ...scope(ownerId),
            item: body.item,
            discount_percentage: values.discountPercentage,
            starts_on: values.startsOn,
            ends_on: values.endsOn,
          },
        });
        return created;
      });
      return answer(ownerId, id);
    },

    /** Changes a price's percent or dates; a price of another owner is not found. */
    async update(
      staff: Staff,
      ownerId: number,
      priceId: number,
      body: ExclusivePriceUpdate,
    ): Promise<AdminExclusivePrice> {
      await db.transaction(async (tx) => {
        const refusal = await rules.lock(tx, staff, ownerId);
        const before = await queries.lockPrice(tx, owner, ownerId, priceId);
        if (!before) throw new NotFound();
        // A price the owner may no longer have (a customer become staff) may be removed, never changed.
        if (refusal !== null) throw new Conflict(refusal);
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
        await queries.updatePrice(tx, owner, priceId, {
          discountPercentage: change.after.discount_percentage,
          startsOn: change.after.starts_on,
          endsOn: change.after.ends_on,
        });
        await audit(tx, staff, {
          action: `${names.entityType}.update`,
          entityType: names.entityType,
          entityId: priceId,
          ...(names.ownerInChange
            ? {
                before: { ...scope(ownerId), ...change.before },
                after: { ...scope(ownerId), ...change.after },
              }
            : change),
        });
      });
      return answer(ownerId, priceId);
    },

    async remove(staff: Staff, ownerId: number, priceId: number): Promise<void> {
      await db.transaction(async (tx) => {
        await rules.lock(tx, staff, ownerId);
        const before = await queries.lockPrice(tx, owner, ownerId, priceId);
        if (!before) throw new NotFound();
        await queries.deletePrice(tx, owner, priceId);
        await audit(tx, staff, priceDeletion(owner, ownerId, before));
      });
    },
  };
}

export type ExclusivePricesService = ReturnType<typeof createExclusivePricesService>;
