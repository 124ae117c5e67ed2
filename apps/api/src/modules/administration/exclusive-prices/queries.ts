import { and, asc, count, eq, getTableName, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import { companies, companyPrices, exclusivePrices, items, users } from '../../../db/schema';
import { companyPriceInForce, exclusivePriceInForce } from '../../pricing/service';

type Window = { limit: number; offset: number };

/** Whose prices: a customer's own (exclusive_prices) or a company's, for all its members (company_prices). */
export type PriceOwner = 'customer' | 'company';

/** Each owner's table of prices, the column naming the owner, the owners' table and when a price applies. */
const TABLES = {
  customer: {
    prices: exclusivePrices,
    ownerId: exclusivePrices.userId,
    owners: users,
    inForce: exclusivePriceInForce,
  },
  company: {
    prices: companyPrices,
    ownerId: companyPrices.companyId,
    owners: companies,
    inForce: companyPriceInForce,
  },
} as const;

/** A column with its table's name, whatever the select around it. */
const q = (column: AnyPgColumn) =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

const priceColumns = (owner: PriceOwner) => {
  const { prices, inForce } = TABLES[owner];
  return {
    id: prices.id,
    itemId: items.id,
    sku: items.sku,
    title: items.title,
    discountPercentage: prices.discountPercentage,
    startsOn: prices.startsOn,
    endsOn: prices.endsOn,
    inForce: sql<boolean>`(${inForce()})`,
    createdAt: prices.createdAt,
  };
};

export type PriceRow = {
  id: number;
  itemId: number;
  sku: string;
  title: string;
  discountPercentage: number;
  startsOn: string | null;
  endsOn: string | null;
  inForce: boolean;
  createdAt: Date;
};

/** A price as it was before a change (the audit log's `before`). */
export type LockedPrice = {
  id: number;
  itemId: number;
  discountPercentage: number;
  startsOn: string | null;
  endsOn: string | null;
};

/**
 * A page of an owner's prices by item SKU, with the number of all of them in the same statement. An empty page
 * reads the count apart, with whether the owner exists (null when not), except on the first page of an owner
 * the caller has already found (`ownerKnown`): there it is none.
 */
export async function selectPricePage(
  db: Db,
  owner: PriceOwner,
  ownerId: number,
  window: Window,
  ownerKnown: boolean,
): Promise<{ rows: PriceRow[]; total: number } | null> {
  const { prices, ownerId: ownerColumn, owners } = TABLES[owner];
  const rows = await db
    .select({ ...priceColumns(owner), total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(prices)
    .innerJoin(items, eq(items.id, prices.itemId))
    .where(eq(ownerColumn, ownerId))
    .orderBy(asc(items.sku), asc(prices.id))
    .limit(window.limit)
    .offset(window.offset);
  if (rows.length > 0 || (ownerKnown && window.offset === 0)) return { rows, total: rows[0]?.total ?? 0 };
  const [row] = await db
    .select({
      value:
        sql<number>`(select ${count()} from ${prices} where ${q(ownerColumn)} = ${q(owners.id)})`.mapWith(
          Number,
        ),
    })
    .from(owners)
    .where(eq(owners.id, ownerId));
  return row ? { rows, total: row.value } : null;
}

export async function selectPrice(
  db: Db,
  owner: PriceOwner,
  ownerId: number,
  priceId: number,
): Promise<PriceRow | undefined> {
  const { prices, ownerId: ownerColumn } = TABLES[owner];
  const [row] = await db
    .select(priceColumns(owner))
    .from(prices)
    .innerJoin(items, eq(items.id, prices.itemId))
    .where(and(eq(prices.id, priceId), eq(ownerColumn, ownerId)));
  return row;
}

/** Locks one of an owner's prices; undefined when the id is not theirs (or either is unknown). */
export async function lockPrice(
  tx: Db,
  owner: PriceOwner,
  ownerId: number,
  priceId: number,
): Promise<LockedPrice | undefined> {
  const { prices, ownerId: ownerColumn } = TABLES[owner];
  const [row] = await tx
    .select({
      id: prices.id,
      itemId: prices.itemId,
      discountPercentage: prices.discountPercentage,
      startsOn: prices.startsOn,
      endsOn: prices.endsOn,
    })
    .from(prices)
    .where(and(eq(prices.id, priceId), eq(ownerColumn, ownerId)))
    .for('update');
  return row;
}

export async function selectItemIdBySku(db: Db, sku: string): Promise<number | undefined> {
  const [row] = await db.select({ id: items.id }).from(items).where(eq(items.sku, sku));
  return row?.id;
}

/** The fields of a new price, whoever's it is. */
export interface NewPrice {
  itemId: number;
  discountPercentage: number;
  startsOn: string | null;
  endsOn: string | null;
}

/** Stores a price unless the owner has one for the item already; answers the new id or null. */
export async function insertPrice(
  tx: Db,
  owner: PriceOwner,
  ownerId: number,
  values: NewPrice,
): Promise<number | null> {
  const [row] =
    owner === 'customer'
      ? await tx
          .insert(exclusivePrices)
          .values({ userId: ownerId, ...values })
          .onConflictDoNothing({ target: [exclusivePrices.userId, exclusivePrices.itemId] })
          .returning({ id: exclusivePrices.id })
      : await tx
          .insert(companyPrices)
          .values({ companyId: ownerId, ...values })
          .onConflictDoNothing({ target: [companyPrices.companyId, companyPrices.itemId] })
          .returning({ id: companyPrices.id });
  return row?.id ?? null;
}

export async function updatePrice(
  tx: Db,
  owner: PriceOwner,
  priceId: number,
  values: { discountPercentage?: number; startsOn?: string | null; endsOn?: string | null },
): Promise<void> {
  const { prices } = TABLES[owner];
  await tx.update(prices).set(values).where(eq(prices.id, priceId));
}

export async function deletePrice(tx: Db, owner: PriceOwner, priceId: number): Promise<void> {
  const { prices } = TABLES[owner];
  await tx.delete(prices).where(eq(prices.id, priceId));
}
