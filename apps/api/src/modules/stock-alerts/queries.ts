import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories, items, products, productVariants, stockAlerts } from '../../db/schema';

/** An item as an alert names it: what it is, where its page is, and the facts of the stock rule. */
export interface AlertItem {
  id: number;
  sku: string;
  title: string;
  status: 'active' | 'inactive';
  trackInventory: boolean;
  stock: number;
  unitsPerPack: number;
  productName: string;
  productSlug: string;
  categorySlug: string;
}

const itemColumns = {
  id: items.id,
  sku: items.sku,
  title: items.title,
  status: items.status,
  trackInventory: items.trackInventory,
  stock: items.stock,
  unitsPerPack: items.unitsPerPack,
  productName: products.name,
  productSlug: products.slug,
  categorySlug: categories.slug,
};

/**
 * The item with its product page, its row held FOR SHARE until the transaction ends. A restock holds the row
 * FOR UPDATE while it changes the stock and spends the alerts, so an alert written under this lock is either
 * seen by that restock or written after it, against the stock it left: none waits through a restock unseen.
 */
export async function lockAlertItem(tx: Db, itemId: number): Promise<AlertItem | undefined> {
  const [row] = await tx
    .select(itemColumns)
    .from(items)
    .innerJoin(productVariants, eq(productVariants.id, items.productVariantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(items.id, itemId))
    .for('share', { of: items });
  return row;
}

/** An alert's own columns, as the answers read them. */
export interface AlertRow {
  id: number;
  itemId: number;
  email: string;
  createdAt: Date;
  confirmedAt: Date | null;
  notifiedAt: Date | null;
}

const alertColumns = {
  id: stockAlerts.id,
  itemId: stockAlerts.itemId,
  email: stockAlerts.email,
  createdAt: stockAlerts.createdAt,
  confirmedAt: stockAlerts.confirmedAt,
  notifiedAt: stockAlerts.notifiedAt,
};

/** The one waiting alert per item and address (stock_alerts_waiting_unique). */
const waitingTarget = {
  target: [stockAlerts.itemId, stockAlerts.email],
  targetWhere: isNull(stockAlerts.notifiedAt),
};

/**
 * A signed-in buyer's alert: active at once. A waiting alert of the address (theirs, or one a visitor asked for
 * with it and never confirmed) becomes theirs and active. `created` says whether the row is new.
 */
export async function upsertAccountAlert(
  tx: Db,
  alert: { itemId: number; userId: number; email: string },
): Promise<AlertRow & { created: boolean }> {
  const [row] = await tx
    .insert(stockAlerts)
    .values({ ...alert, confirmedAt: sql`now()` })
    .onConflictDoUpdate({
      ...waitingTarget,
      set: {
        userId: alert.userId,
        confirmedAt: sql`coalesce(${stockAlerts.confirmedAt}, now())`,
        codeHash: null,
        codeExpiresAt: null,
      },
    })
    .returning({ ...alertColumns, created: sql<boolean>`(xmax = 0)` });
  return row!;
}

/**
 * A visitor's alert, waiting for its code. A new alert takes the code given; a waiting one whose code is spent
 * (expired, or its requester's own tries burnt) takes it in place of the old one, with the asking client as its
 * requester; an alert whose code still lives for its requester, or that is active already, keeps what it has
 * (others' wrong tries never let a stranger replace the code the requester holds). `codeIsNew` says whether the given code was stored (and must be
 * e-mailed); `created` whether the row is new.
 */
export async function upsertVisitorAlert(
  tx: Db,
  alert: {
    itemId: number;
    email: string;
    codeHash: string;
    ttlMs: number;
    maxAttempts: number;
    requestedBy: string;
  },
): Promise<AlertRow & { created: boolean; codeIsNew: boolean }> {
  const renew = sql`(${stockAlerts.confirmedAt} is null
    and (${stockAlerts.codeExpiresAt} is null or ${stockAlerts.codeExpiresAt} <= now()
      or ${stockAlerts.attempts} >= ${alert.maxAttempts}))`;
  const expiresAt = sql`now() + make_interval(secs => ${alert.ttlMs / 1000})`;
  const [row] = await tx
    .insert(stockAlerts)
    .values({
      itemId: alert.itemId,
      email: alert.email,
      codeHash: alert.codeHash,
      codeExpiresAt: expiresAt,
      requestedBy: alert.requestedBy,
    })
    .onConflictDoUpdate({
      ...waitingTarget,
      set: {
        codeHash: sql`case when ${renew} then excluded.code_hash else ${stockAlerts.codeHash} end`,
        codeExpiresAt: sql`case when ${renew} then excluded.code_expires_at else ${stockAlerts.codeExpiresAt} end`,
        attempts: sql`case when ${renew} then 0 else ${stockAlerts.attempts} end`,
        foreignAttempts: sql`case when ${renew} then 0 else ${stockAlerts.foreignAttempts} end`,
        requestedBy: sql`case when ${renew} then excluded.requested_by else ${stockAlerts.requestedBy} end`,
      },
    })
    .returning({
      ...alertColumns,
      created: sql<boolean>`(xmax = 0)`,
      codeIsNew: sql<boolean>`(${stockAlerts.codeHash} is not distinct from ${alert.codeHash})`,
    });
  return row!;
}

/** A visitor's alert waiting for a code, as the check weighs it. */
export interface AwaitingAlert {
  id: number;
  itemId: number;
  codeHash: string;
  codeExpiresAt: Date;
  attempts: number;
  foreignAttempts: number;
  requestedBy: string | null;
}

/** The address's alerts waiting for a code, locked until the transaction ends, oldest first. */
export async function lockAwaitingAlerts(tx: Db, email: string): Promise<AwaitingAlert[]> {
  const rows = await tx
    .select({
      id: stockAlerts.id,
      itemId: stockAlerts.itemId,
      codeHash: stockAlerts.codeHash,
      codeExpiresAt: stockAlerts.codeExpiresAt,
      attempts: stockAlerts.attempts,
      foreignAttempts: stockAlerts.foreignAttempts,
      requestedBy: stockAlerts.requestedBy,
    })
    .from(stockAlerts)
    .where(
      and(
        eq(stockAlerts.email, email),
        isNull(stockAlerts.notifiedAt),
        isNull(stockAlerts.confirmedAt),
        isNotNull(stockAlerts.codeHash),
      ),
    )
    .orderBy(stockAlerts.id)
    .for('update');
  return rows.map((row) => ({ ...row, codeHash: row.codeHash!, codeExpiresAt: row.codeExpiresAt! }));
}

/** Counts a wrong code against each of these alerts: as its requester's try when this client asked for it. */
export async function recordWrongTry(tx: Db, ids: readonly number[], clientHash: string): Promise<void> {
  const own = sql`${stockAlerts.requestedBy} is not distinct from ${clientHash}`;
  await tx
    .update(stockAlerts)
    .set({
      attempts: sql`${stockAlerts.attempts} + case when ${own} then 1 else 0 end`,
      foreignAttempts: sql`${stockAlerts.foreignAttempts} + case when ${own} then 0 else 1 end`,
    })
    .where(sql`${stockAlerts.id} = any(${intArray(ids)})`);
}

/** Activates alerts whose code was right; the code is spent. */
export async function confirmAlerts(tx: Db, ids: readonly number[]): Promise<AlertRow[]> {
  return tx
    .update(stockAlerts)
    .set({ confirmedAt: sql`now()`, codeHash: null, codeExpiresAt: null })
    .where(sql`${stockAlerts.id} = any(${intArray(ids)})`)
    .returning(alertColumns);
}

/** One alert of the user's list, with its item. */
export type ListedAlert = AlertRow & {
  sku: string;
  title: string;
  productName: string;
  productSlug: string;
  categorySlug: string;
  total: number;
};

/**
 * A page of the user's alerts: the waiting ones, newest first, then those sent in the last `sentDays` days,
 * newest first; each row carries the list's length. Read through stock_alerts_user_idx.
 */
export async function selectUserAlerts(
  db: Db,
  userId: number,
  sentDays: number,
  window: { limit: number; offset: number },
): Promise<ListedAlert[]> {
  return db
    .select({
      ...alertColumns,
      sku: items.sku,
      title: items.title,
      productName: products.name,
      productSlug: products.slug,
      categorySlug: categories.slug,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(stockAlerts)
    .innerJoin(items, eq(items.id, stockAlerts.itemId))
    .innerJoin(productVariants, eq(productVariants.id, items.productVariantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(
      and(
        eq(stockAlerts.userId, userId),
        or(
          isNull(stockAlerts.notifiedAt),
          gt(stockAlerts.notifiedAt, sql`now() - make_interval(days => ${sentDays})`),
        ),
      ),
    )
    .orderBy(sql`${stockAlerts.notifiedAt} is not null`, desc(stockAlerts.createdAt), desc(stockAlerts.id))
    .limit(window.limit)
    .offset(window.offset);
}

/** Deletes one of the user's alerts; false when it is not theirs (or not there). */
export async function deleteUserAlert(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(stockAlerts)
    .where(and(eq(stockAlerts.id, id), eq(stockAlerts.userId, userId)))
    .returning({ id: stockAlerts.id });
  return rows.length > 0;
}

/**
 * An erased account's alerts: those it made signed in, and those asked for with its address as a visitor
 * (they name the person as much). Runs in the erasure's transaction.
 */
export async function deleteAlertsOfAccount(tx: Db, userId: number, email: string): Promise<void> {
  await tx.delete(stockAlerts).where(or(eq(stockAlerts.userId, userId), eq(stockAlerts.email, email)));
}

/** A spent alert and what its e-mail names. */
export interface SpentAlert {
  id: number;
  email: string;
  sku: string;
  title: string;
  productSlug: string;
  categorySlug: string;
}

/**
 * Spends every confirmed waiting alert of these items whose stock now covers a pack (or is not tracked), on
 * sale: one UPDATE … RETURNING. Its row locks make it exactly once: a second restock (another process, or a
 * later one) waits for the first to commit, finds notified_at set and skips the row. The item's row is read
 * in the caller's transaction, so the stock it just changed counts. `any(int[])`, not IN: one parameter
 * whatever the number of items (an import names up to 100k).
 */
export async function spendAlertsOfItems(tx: Db, itemIds: readonly number[]): Promise<SpentAlert[]> {
  return tx
    .update(stockAlerts)
    .set({ notifiedAt: sql`now()` })
    .from(items)
    .innerJoin(productVariants, eq(productVariants.id, items.productVariantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(
      and(
        eq(stockAlerts.itemId, items.id),
        sql`${stockAlerts.itemId} = any(${intArray(itemIds)})`,
        isNull(stockAlerts.notifiedAt),
        isNotNull(stockAlerts.confirmedAt),
        eq(items.status, 'active'),
        sql`(not ${items.trackInventory} or ${items.stock} >= ${items.unitsPerPack})`,
      ),
    )
    .returning({
      id: stockAlerts.id,
      email: stockAlerts.email,
      sku: items.sku,
      title: items.title,
      productSlug: products.slug,
      categorySlug: categories.slug,
    });
}

/** Ids as one PostgreSQL int[] parameter. */
const intArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/**
 * Deletes up to `limit` alerts spent (e-mailed) before `before`, oldest first: the retention of spent alerts
 * (purge.ts). A waiting alert, confirmed or not, is never touched. Answers how many went.
 */
export async function deleteSpentAlerts(tx: Db, before: Date, limit: number): Promise<number> {
  const oldest = tx
    .select({ id: stockAlerts.id })
    .from(stockAlerts)
    .where(and(isNotNull(stockAlerts.notifiedAt), lt(stockAlerts.notifiedAt, before)))
    .orderBy(stockAlerts.notifiedAt)
    .limit(limit);
  const deleted = await tx
    .delete(stockAlerts)
    .where(inArray(stockAlerts.id, oldest))
    .returning({ id: stockAlerts.id });
  return deleted.length;
}
