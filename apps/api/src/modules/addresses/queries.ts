import { and, count, desc, eq, exists, getTableName, or, sql } from 'drizzle-orm';
import type { AddressCreate, AddressView } from '@shop/domain';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import { countOfPage } from '../../http/pagination';
import { addresses, companyMembers, users, type AddressSnapshot } from '../../db/schema';

type Window = { limit: number; offset: number };

const snapshotColumns = {
  firstName: addresses.firstName,
  lastName: addresses.lastName,
  street: addresses.street,
  city: addresses.city,
  state: addresses.state,
  postalCode: addresses.postalCode,
  country: addresses.country,
  telephoneNumber: addresses.telephoneNumber,
};

type SnapshotRow = {
  firstName: string;
  lastName: string;
  street: string;
  city: string;
  state: string | null;
  postalCode: string;
  country: string;
  telephoneNumber: string;
};

/** An address in the API's words, as an order keeps it. */
export function snapshotOf(row: SnapshotRow): AddressSnapshot {
  return {
    first_name: row.firstName,
    last_name: row.lastName,
    street: row.street,
    city: row.city,
    state: row.state,
    postal_code: row.postalCode,
    country: row.country,
    telephone_number: row.telephoneNumber,
  };
}

/** `table.column`, qualified even where Drizzle writes a one-table query's columns bare (`"id"`). */
const qualified = (column: AnyPgColumn) =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/** Whether the address is its user's default billing (shipping) address, read beside the address. */
const isDefault = (column: AnyPgColumn) =>
  sql<boolean>`exists (select 1 from ${users} where ${qualified(users.id)} = ${qualified(addresses.userId)} and ${qualified(column)} = ${qualified(addresses.id)})`;
const defaultFlagColumns = {
  isDefaultBilling: isDefault(users.defaultBillingAddressId),
  isDefaultShipping: isDefault(users.defaultShippingAddressId),
};

type ViewRow = SnapshotRow & { id: number; isDefaultBilling: boolean; isDefaultShipping: boolean };

/** An address book entry in the API's words. */
function viewOf(row: ViewRow): AddressView {
  return {
    id: row.id,
    ...snapshotOf(row),
    is_default_billing: row.isDefaultBilling,
    is_default_shipping: row.isDefaultShipping,
  };
}

/**
 * A page of the user's addresses, newest (highest id) first, each saying whether it is a checkout default,
 * with the number of all of them: one query (the user's row joined for the defaults, the total riding on
 * each row as `count(*) over ()`); a second only for a page past the end, which has no row to carry it.
 */
export async function selectAddressPage(
  db: Db,
  userId: number,
  window: Window,
): Promise<{ count: number; rows: AddressView[] }> {
  const rows = await db
    .select({
      id: addresses.id,
      ...snapshotColumns,
      isDefaultBilling: sql<boolean>`coalesce(${users.defaultBillingAddressId} = ${addresses.id}, false)`,
      isDefaultShipping: sql<boolean>`coalesce(${users.defaultShippingAddressId} = ${addresses.id}, false)`,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(addresses)
    .innerJoin(users, eq(users.id, addresses.userId))
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.id))
    .limit(window.limit)
    .offset(window.offset);
  const total = await countOfPage(
    rows,
    window,
    async () =>
      (await db.select({ value: count() }).from(addresses).where(eq(addresses.userId, userId)))[0]?.value ??
      0,
  );
  return { count: total, rows: rows.map(viewOf) };
}

/**
 * Holds the user's row until the transaction ends, so two requests of one user that add addresses run one
 * after the other and the cap counts what the other wrote. `no key update` leaves rows that only reference
 * the user (carts, orders) free to be written meanwhile.
 */
export async function lockUser(tx: Db, userId: number): Promise<boolean> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  return rows.length > 0;
}

/**
 * Stores an address unless the user already keeps `cap`: the count and the insert are one statement.
 * Answers the new id, or null when the cap refused it.
 */
export async function insertAddressUnderCap(
  tx: Db,
  userId: number,
  address: AddressCreate,
  cap: number,
): Promise<number | null> {
  const values: [{ name: string }, unknown][] = [
    [addresses.userId, sql`${userId}::integer`],
    [addresses.firstName, address.first_name],
    [addresses.lastName, address.last_name],
    [addresses.street, address.street],
    [addresses.city, address.city],
    [addresses.state, sql`${address.state}::text`],
    [addresses.postalCode, address.postal_code],
    [addresses.country, address.country],
    [addresses.telephoneNumber, address.telephone_number],
  ];
  const result = await tx.execute(sql`
    insert into ${addresses} (${sql.join(
      values.map(([column]) => sql.identifier(column.name)),
      sql`, `,
    )})
    select ${sql.join(
      values.map(([, value]) => sql`${value}`),
      sql`, `,
    )}
    where (select count(*) from ${addresses} where ${addresses.userId} = ${userId}) < ${cap}
    returning ${sql.identifier(addresses.id.name)} as id`);
  return rowsOf<{ id: number }>(result)[0]?.id ?? null;
}

/** The text fields of an address that PATCH may change, as stored. */
export type AddressChanges = Partial<Omit<AddressSnapshot, 'country'>>;

/** Changes one of the user's addresses; answers it as it now is, or undefined when it is not theirs. */
export async function updateOwnAddress(
  tx: Db,
  userId: number,
  addressId: number,
  changes: AddressChanges,
): Promise<AddressView | undefined> {
  const [row] = await tx
    .update(addresses)
    .set({
      firstName: changes.first_name,
      lastName: changes.last_name,
      street: changes.street,
      city: changes.city,
      state: changes.state,
      postalCode: changes.postal_code,
      telephoneNumber: changes.telephone_number,
    })
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
    .returning({ id: addresses.id, ...snapshotColumns, ...defaultFlagColumns });
  return row && viewOf(row);
}

/** One of the user's addresses, or undefined when it is not theirs. */
export async function selectOwnAddress(
  db: Db,
  userId: number,
  addressId: number,
): Promise<AddressView | undefined> {
  const [row] = await db
    .select({ id: addresses.id, ...snapshotColumns, ...defaultFlagColumns })
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)));
  return row && viewOf(row);
}

/** What to do with one default of the user: make this address it (true), or stop it being it (false). */
export interface DefaultChanges {
  billing?: boolean | undefined;
  shipping?: boolean | undefined;
}

/**
 * Makes the address the user's default billing and/or shipping address, or stops it being one, in one
 * statement that also checks the address is the user's: false when it is not (nothing is changed).
 */
export async function setDefaultAddresses(
  tx: Db,
  userId: number,
  addressId: number,
  changes: DefaultChanges,
): Promise<boolean> {
  const next = (column: AnyPgColumn, flag: boolean | undefined) =>
    flag === undefined
      ? undefined
      : flag
        ? sql`${addressId}::integer`
        : // Another address that is the default stays so.
          sql`nullif(${column}, ${addressId}::integer)`;
  const rows = await tx
    .update(users)
    .set({
      defaultBillingAddressId: next(users.defaultBillingAddressId, changes.billing),
      defaultShippingAddressId: next(users.defaultShippingAddressId, changes.shipping),
    })
    .where(
      and(
        eq(users.id, userId),
        exists(
          tx
            .select({ id: addresses.id })
            .from(addresses)
            .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId))),
        ),
      ),
    )
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Deletes one of the user's addresses; answers whether there was one. */
export async function deleteOwnAddress(db: Db, userId: number, addressId: number): Promise<boolean> {
  const rows = await db
    .delete(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
    .returning({ id: addresses.id });
  return rows.length > 0;
}

/**
 * The user's own addresses among `ids`, and their company's shared ones (read from the membership
 * at this moment, so a removed member can no longer use them), as snapshots keyed by id, for an order to copy
 * inside its own transaction; ids that are neither (or no longer exist) are simply absent.
 */
export async function selectOwnAddresses(
  tx: Db,
  userId: number,
  ids: number[],
): Promise<Map<number, AddressSnapshot>> {
  if (ids.length === 0) return new Map();
  // Named, so each connection plans it once (checkout asks it on every intent and order).
  const rows = await tx
    .select({ id: addresses.id, ...snapshotColumns })
    .from(addresses)
    .where(
      and(
        or(
          eq(addresses.userId, sql.placeholder('userId')),
          eq(
            addresses.companyId,
            sql`(select ${sql.identifier(companyMembers.companyId.name)} from ${companyMembers} where ${sql.identifier(companyMembers.userId.name)} = ${sql.placeholder('userId')})`,
          ),
        ),
        sql`${addresses.id} = any(${sql.placeholder('ids')})`,
      ),
    )
    .prepare('addresses_own_snapshots')
    .execute({ userId, ids: [...new Set(ids)] });
  return new Map(rows.map((row) => [row.id, snapshotOf(row)]));
}
