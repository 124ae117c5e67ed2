import { and, asc, count, eq, getTableName, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../../db/client';
import { companies, companyPrices, items } from '../../../../db/schema';
import { companyPriceInForce } from '../../../pricing/service';

type Window = { limit: number; offset: number };

/** A column with its table's name, whatever the select around it. */
const q = (column: AnyPgColumn) =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

const priceColumns = {
  id: companyPrices.id,
  itemId: items.id,
  sku: items.sku,
  title: items.title,
  discountPercentage: companyPrices.discountPercentage,
  startsOn: companyPrices.startsOn,
  endsOn: companyPrices.endsOn,
  inForce: sql<boolean>`(${companyPriceInForce()})`,
  createdAt: companyPrices.createdAt,
};

export type CompanyPriceRow = {
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

/** A company's price as it was before a change (the audit log's `before`). */
export type LockedPrice = {
  id: number;
  itemId: number;
  discountPercentage: number;
  startsOn: string | null;
  endsOn: string | null;
};

/**
 * Whether the company exists, its row share-locked against deletion until the transaction ends (the lock a
 * new price's foreign key takes anyway). Any status: staff may set prices before approval; they apply only
 * while it is approved.
 */
export async function lockCompany(tx: Db, companyId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('key share');
  return row !== undefined;
}

/**
 * A page of a company's prices by item SKU, with the number of all of them in the same statement; the
 * count is read apart only for an empty page past the end, and answers null for an unknown company
 * (the company is part of that statement too).
 */
export async function selectCompanyPricePage(
  db: Db,
  companyId: number,
  window: Window,
): Promise<{ rows: CompanyPriceRow[]; total: number } | null> {
  const rows = await db
    .select({ ...priceColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(companyPrices)
    .innerJoin(items, eq(items.id, companyPrices.itemId))
    .where(eq(companyPrices.companyId, companyId))
    .orderBy(asc(items.sku), asc(companyPrices.id))
    .limit(window.limit)
    .offset(window.offset);
  if (rows.length > 0) return { rows, total: rows[0]!.total };
  const [row] = await db
    .select({
      value:
        sql<number>`(select ${count()} from ${companyPrices} where ${q(companyPrices.companyId)} = ${q(companies.id)})`.mapWith(
          Number,
        ),
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row ? { rows, total: row.value } : null;
}

export async function selectCompanyPrice(
  db: Db,
  companyId: number,
  priceId: number,
): Promise<CompanyPriceRow | undefined> {
  const [row] = await db
    .select(priceColumns)
    .from(companyPrices)
    .innerJoin(items, eq(items.id, companyPrices.itemId))
    .where(and(eq(companyPrices.id, priceId), eq(companyPrices.companyId, companyId)));
  return row;
}

/** Locks one of a company's prices; undefined when the id is not the company's (or either is unknown). */
export async function lockCompanyPrice(
  tx: Db,
  companyId: number,
  priceId: number,
): Promise<LockedPrice | undefined> {
  const [row] = await tx
    .select({
      id: companyPrices.id,
      itemId: companyPrices.itemId,
      discountPercentage: companyPrices.discountPercentage,
      startsOn: companyPrices.startsOn,
      endsOn: companyPrices.endsOn,
    })
    .from(companyPrices)
    .where(and(eq(companyPrices.id, priceId), eq(companyPrices.companyId, companyId)))
    .for('update');
  return row;
}

export async function selectItemIdBySku(db: Db, sku: string): Promise<number | undefined> {
  const [row] = await db.select({ id: items.id }).from(items).where(eq(items.sku, sku));
  return row?.id;
}

/** Stores a price unless the company has one for the item already; answers the new id or null. */
export async function insertCompanyPrice(
  tx: Db,
  values: {
    companyId: number;
    itemId: number;
    discountPercentage: number;
    startsOn: string | null;
    endsOn: string | null;
  },
): Promise<number | null> {
  const [row] = await tx
    .insert(companyPrices)
    .values(values)
    .onConflictDoNothing({ target: [companyPrices.companyId, companyPrices.itemId] })
    .returning({ id: companyPrices.id });
  return row?.id ?? null;
}

export async function updateCompanyPrice(
  tx: Db,
  priceId: number,
  values: { discountPercentage?: number; startsOn?: string | null; endsOn?: string | null },
): Promise<void> {
  await tx.update(companyPrices).set(values).where(eq(companyPrices.id, priceId));
}

export async function deleteCompanyPrice(tx: Db, priceId: number): Promise<void> {
  await tx.delete(companyPrices).where(eq(companyPrices.id, priceId));
}
