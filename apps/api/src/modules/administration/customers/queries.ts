import { and, asc, count, desc, eq, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import { addresses, exclusivePrices, items, orders, users, type UserRole } from '../../../db/schema';
import { exclusivePriceInForce } from '../../pricing/service';
import { COUNT_CAP } from '../listing';

type Window = { limit: number; offset: number };

export type CustomerOrdering = 'created_at' | 'email' | 'last_name';

export interface CustomerFilter {
  q?: string | undefined;
  role?: UserRole | undefined;
  active?: boolean | undefined;
}

/** The text the trigram index users_search_trgm covers: the same expression, so the planner uses it. */
const searchText = sql`(${users.email} || ' ' || ${users.firstName} || ' ' || ${users.lastName} || ' ' || coalesce(${users.companyName}, ''))`;

/** `%text%` with LIKE's own wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function customerWhere(filter: CustomerFilter): SQL | undefined {
  return and(
    filter.q ? ilike(searchText, containing(filter.q)) : undefined,
    filter.role ? eq(users.role, filter.role) : undefined,
    filter.active === undefined ? undefined : eq(users.isActive, filter.active),
  );
}

const summaryColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  companyName: users.companyName,
  role: users.role,
  isActive: users.isActive,
  createdAt: users.createdAt,
};

export type CustomerRow = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  companyName: string | null;
  role: UserRole;
  isActive: boolean;
  createdAt: Date;
};

/** The matching users, at most one past the cap (the count says "more than" beyond it). */
const cappedMatches = (db: Db, where: SQL | undefined) =>
  db
    .select({ one: sql`1` })
    .from(users)
    .where(where)
    .limit(COUNT_CAP + 1)
    .as('capped');

/**
 * One page of users, with the number of all matches up to COUNT_CAP + 1 in the same statement: the count is
 * an uncorrelated sub-select (run once), and stops at the cap, so at 100k users neither part reads them all.
 * Each ordering ends on the id, so pages never overlap.
 */
export async function selectCustomerPage(
  db: Db,
  filter: CustomerFilter,
  ordering: { field: CustomerOrdering; descending: boolean },
  window: Window,
): Promise<{ rows: CustomerRow[]; total: number }> {
  const where = customerWhere(filter);
  const direction = ordering.descending ? desc : asc;
  const column = { created_at: users.createdAt, email: users.email, last_name: users.lastName }[
    ordering.field
  ];
  const rows = await db
    .select({
      ...summaryColumns,
      total: sql<number>`(select count(*) from ${cappedMatches(db, where)})`.mapWith(Number),
    })
    .from(users)
    .where(where)
    .orderBy(direction(column), direction(users.id))
    .limit(window.limit)
    .offset(window.offset);
  if (rows.length > 0) return { rows, total: rows[0]!.total };
  if (window.offset === 0) return { rows, total: 0 };
  const [row] = await db.select({ value: count() }).from(cappedMatches(db, where));
  return { rows, total: row?.value ?? 0 };
}

export async function selectCustomer(db: Db, id: number) {
  const [row] = await db
    .select({
      ...summaryColumns,
      interestedInMarketingCommunications: users.interestedInMarketingCommunications,
      // Qualified by hand: a one-table select names its own columns without the table.
      orderCount:
        sql<number>`(select count(*) from ${orders} where ${orders.userId} = ${users}.${sql.identifier('id')})`.mapWith(
          Number,
        ),
    })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

/** The acting staff member's row, read beside the account they act on. */
const actor = alias(users, 'actor');

/**
 * Locks a user's row for a change of state or prices, and answers it as it was, with the role the acting
 * member has in the database now (null when they are inactive or gone): the rights are checked from the
 * database inside the change's transaction, never from the request. Only the account's row is locked.
 */
export async function lockCustomer(
  tx: Db,
  id: number,
  actorId: number,
): Promise<(CustomerRow & { actorRole: UserRole | null }) | undefined> {
  const actorRole = tx
    .select({ role: actor.role })
    .from(actor)
    .where(and(eq(actor.id, actorId), eq(actor.isActive, true), isNull(actor.deletedAt)));
  const [row] = await tx
    .select({ ...summaryColumns, actorRole: sql<UserRole | null>`(${actorRole})` })
    .from(users)
    .where(eq(users.id, id))
    .for('update', { of: users });
  return row;
}

export async function updateActive(tx: Db, id: number, isActive: boolean): Promise<CustomerRow> {
  const [row] = await tx.update(users).set({ isActive }).where(eq(users.id, id)).returning(summaryColumns);
  return row!;
}

/** A user's addresses, newest first; the address book keeps at most 100. */
export function selectAddresses(db: Db, userId: number) {
  return db
    .select({
      id: addresses.id,
      firstName: addresses.firstName,
      lastName: addresses.lastName,
      street: addresses.street,
      city: addresses.city,
      state: addresses.state,
      postalCode: addresses.postalCode,
      country: addresses.country,
      telephoneNumber: addresses.telephoneNumber,
    })
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.id))
    .limit(100);
}

/** A user's latest orders (orders_user_created_idx). */
export function selectRecentOrders(db: Db, userId: number, limit: number) {
  return db
    .select({
      id: orders.id,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      totalPence: orders.totalPence,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

// ---------------------------------------------------------------------------------------------
// Exclusive prices
// ---------------------------------------------------------------------------------------------

const priceColumns = {
  id: exclusivePrices.id,
  itemId: items.id,
  sku: items.sku,
  title: items.title,
  discountPercentage: exclusivePrices.discountPercentage,
  startsOn: exclusivePrices.startsOn,
  endsOn: exclusivePrices.endsOn,
  inForce: sql<boolean>`(${exclusivePriceInForce()})`,
  createdAt: exclusivePrices.createdAt,
};

export type ExclusivePriceRow = {
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

/** A page of a user's exclusive prices by SKU, with the number of all of them. */
export async function selectExclusivePricePage(
  db: Db,
  userId: number,
  window: Window,
): Promise<{ rows: ExclusivePriceRow[]; total: number }> {
  const rows = await db
    .select({ ...priceColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(exclusivePrices)
    .innerJoin(items, eq(items.id, exclusivePrices.itemId))
    .where(eq(exclusivePrices.userId, userId))
    .orderBy(asc(items.sku), asc(exclusivePrices.id))
    .limit(window.limit)
    .offset(window.offset);
  if (rows.length > 0 || window.offset === 0) return { rows, total: rows[0]?.total ?? 0 };
  const [row] = await db
    .select({ value: count() })
    .from(exclusivePrices)
    .where(eq(exclusivePrices.userId, userId));
  return { rows, total: row?.value ?? 0 };
}

export async function selectExclusivePrice(
  db: Db,
  userId: number,
  priceId: number,
): Promise<ExclusivePriceRow | undefined> {
  const [row] = await db
    .select(priceColumns)
    .from(exclusivePrices)
    .innerJoin(items, eq(items.id, exclusivePrices.itemId))
    .where(and(eq(exclusivePrices.id, priceId), eq(exclusivePrices.userId, userId)));
  return row;
}

/** Locks one of a user's exclusive prices; undefined when the id is not theirs. */
export async function lockExclusivePrice(tx: Db, userId: number, priceId: number) {
  const [row] = await tx
    .select({
      id: exclusivePrices.id,
      itemId: exclusivePrices.itemId,
      discountPercentage: exclusivePrices.discountPercentage,
      startsOn: exclusivePrices.startsOn,
      endsOn: exclusivePrices.endsOn,
    })
    .from(exclusivePrices)
    .where(and(eq(exclusivePrices.id, priceId), eq(exclusivePrices.userId, userId)))
    .for('update');
  return row;
}

export async function selectItemIdBySku(db: Db, sku: string): Promise<number | undefined> {
  const [row] = await db.select({ id: items.id }).from(items).where(eq(items.sku, sku));
  return row?.id;
}

/** Stores a price unless the user has one for the item already; answers the new id or null. */
export async function insertExclusivePrice(
  tx: Db,
  values: {
    userId: number;
    itemId: number;
    discountPercentage: number;
    startsOn: string | null;
    endsOn: string | null;
  },
): Promise<number | null> {
  const [row] = await tx
    .insert(exclusivePrices)
    .values(values)
    .onConflictDoNothing({ target: [exclusivePrices.userId, exclusivePrices.itemId] })
    .returning({ id: exclusivePrices.id });
  return row?.id ?? null;
}

export async function updateExclusivePrice(
  tx: Db,
  priceId: number,
  values: { discountPercentage?: number; startsOn?: string | null; endsOn?: string | null },
): Promise<void> {
  await tx.update(exclusivePrices).set(values).where(eq(exclusivePrices.id, priceId));
}

export async function deleteExclusivePrice(tx: Db, priceId: number): Promise<void> {
  await tx.delete(exclusivePrices).where(eq(exclusivePrices.id, priceId));
}

/** An exclusive price as it was when deleted (the audit log's `before`). */
export interface DeletedPrice {
  id: number;
  itemId: number;
  discountPercentage: number;
  startsOn: string | null;
  endsOn: string | null;
}

/** Deletes all of a user's exclusive prices (the account became staff or an owner); answers them as they were. */
export function deleteUserExclusivePrices(tx: Db, userId: number): Promise<DeletedPrice[]> {
  return tx.delete(exclusivePrices).where(eq(exclusivePrices.userId, userId)).returning({
    id: exclusivePrices.id,
    itemId: exclusivePrices.itemId,
    discountPercentage: exclusivePrices.discountPercentage,
    startsOn: exclusivePrices.startsOn,
    endsOn: exclusivePrices.endsOn,
  });
}
