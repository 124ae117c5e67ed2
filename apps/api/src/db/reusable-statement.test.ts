import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helper';
import { reusableStatement } from './reusable-statement';
import { categories } from './schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('reusableStatement', () => {
  it('builds a statement once and runs each copy in its own transaction', async () => {
    let builds = 0;
    const nameOf = reusableStatement((tx) => {
      builds += 1;
      return tx
        .select({ name: categories.name })
        .from(categories)
        .where(eq(categories.slug, sql.placeholder('slug')))
        .prepare('test_reusable_category_name');
    });
    const { db } = ctx.database;
    const [first] = await db.select({ slug: categories.slug }).from(categories).limit(1);
    const slug = first!.slug;

    // Each transaction renames the category and reads it back through the statement: a copy that ran on
    // another connection (or outside the transaction) would read the committed name instead.
    for (const name of ['Renamed once', 'Renamed twice', 'Renamed thrice']) {
      await db
        .transaction(async (tx) => {
          await tx.update(categories).set({ name }).where(eq(categories.slug, slug));
          expect(await nameOf(tx).execute({ slug })).toEqual([{ name }]);
          tx.rollback();
        })
        .catch((error: unknown) => {
          if (!(error instanceof Error && error.message.includes('Rollback'))) throw error;
        });
    }
    expect(builds).toBe(1);
    // Outside a transaction it runs on the pool, and nothing of the rolled-back renames is left.
    const [committed] = await db
      .select({ name: categories.name })
      .from(categories)
      .where(eq(categories.slug, slug));
    expect(await nameOf(db).execute({ slug })).toEqual([{ name: committed!.name }]);
    expect(committed!.name).not.toMatch(/^Renamed/);
  });

  it('binds each copy to its transaction’s connection while another transaction is open (PostgreSQL)', async () => {
    // PGlite has one connection and runs one transaction at a time: the test above covers it.
    if (!inject('pgTemplate')) return;
    const nameOf = reusableStatement((tx) =>
      tx
        .select({ name: categories.name })
        .from(categories)
        .where(eq(categories.slug, sql.placeholder('slug')))
        .prepare('test_reusable_category_name_concurrent'),
    );
    const { db } = ctx.database;
    const [a, b] = await db
      .select({ slug: categories.slug, name: categories.name })
      .from(categories)
      .limit(2);
    let releaseFirst!: () => void;
    const secondDone = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstReady!: () => void;
    const firstOpen = new Promise<void>((resolve) => (firstReady = resolve));
    const rollBack = (error: unknown) => {
      if (!(error instanceof Error && error.message.includes('Rollback'))) throw error;
    };
    const first = db
      .transaction(async (tx) => {
        await tx.update(categories).set({ name: 'First' }).where(eq(categories.slug, a!.slug));
        expect(await nameOf(tx).execute({ slug: a!.slug })).toEqual([{ name: 'First' }]); // the template
        firstReady();
        await secondDone;
        tx.rollback();
      })
      .catch(rollBack);
    await firstOpen;
    await db
      .transaction(async (tx) => {
        await tx.update(categories).set({ name: 'Second' }).where(eq(categories.slug, b!.slug));
        // A copy still bound to the first transaction's connection would see 'First' and miss 'Second'.
        expect(await nameOf(tx).execute({ slug: b!.slug })).toEqual([{ name: 'Second' }]);
        expect(await nameOf(tx).execute({ slug: a!.slug })).toEqual([{ name: a!.name }]);
        tx.rollback();
      })
      .catch(rollBack)
      .finally(releaseFirst);
    await first;
  });
});
