import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helper';

let ctx: TestContext;
let changes = 0;
beforeAll(async () => {
  ctx = await createTestApp();
  ctx.app.services.catalogueChanges.subscribe(() => {
    changes += 1;
  });
});
afterAll(() => ctx.close());

/** Waits until the count of catalogue changes passes `before`, or fails after `ms`. */
async function changeAfter(before: number, ms = 1000) {
  const deadline = Date.now() + ms;
  while (changes === before) {
    if (Date.now() > deadline) throw new Error(`no catalogue change announced within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Proves that nothing was announced: a write that does announce, made afterwards, arrives alone. */
async function expectNoChangeBefore(marker: () => Promise<unknown>) {
  const before = changes;
  await marker();
  await changeAfter(before);
  expect(changes).toBe(before + 1);
}

/** The database the API suite runs on this time (global setup made a PostgreSQL template or a PGlite dump). */
const databaseKind = () => (inject('pgTemplate') ? 'postgres' : 'pglite');

const renameSomeProduct = () =>
  ctx.database.db.execute(
    sql`update products set name = name || '' where id = (select min(id) from products)`,
  );

describe('catalogue change notifications', () => {
  it('announces a write to a catalogue table within a second, whoever made it', async () => {
    const before = changes;
    await ctx.database.db.execute(
      sql`update products set name = name || ' ' where id = (select min(id) from products)`,
    );
    await changeAfter(before);
    const restored = changes;
    await ctx.database.db.execute(
      sql`update products set name = rtrim(name) where id = (select min(id) from products)`,
    );
    await changeAfter(restored);
  });

  it('clears the catalogue service’s cached reads when told', async () => {
    const { catalogue } = ctx.app.services;
    const first = await catalogue.listFeaturedProducts();
    expect(await catalogue.listFeaturedProducts()).toBe(first);
    const before = changes;
    await renameSomeProduct();
    await changeAfter(before);
    expect(await catalogue.listFeaturedProducts()).not.toBe(first);
  });

  it('stays quiet when only the number of packs in stock moves, and speaks when an item sells out', async () => {
    const [item] = (
      await ctx.database.db.execute<{ id: number; stock: number }>(
        sql`select id, stock from items where track_inventory and stock > 2 order by id limit 1`,
      )
    ).rows;
    expect(item).toBeDefined();
    await expectNoChangeBefore(async () => {
      await ctx.database.db.execute(sql`update items set stock = stock - 1 where id = ${item!.id}`);
      await renameSomeProduct();
    });
    const before = changes;
    await ctx.database.db.execute(sql`update items set stock = 0 where id = ${item!.id}`);
    await changeAfter(before);
    const restocked = changes;
    await ctx.database.db.execute(sql`update items set stock = ${item!.stock} where id = ${item!.id}`);
    await changeAfter(restocked);
  });

  it('announces nothing for a write that is rolled back', async () => {
    await expectNoChangeBefore(async () => {
      await ctx.database.db
        .transaction(async (tx) => {
          await tx.execute(sql`update categories set name = name || '' `);
          tx.rollback();
        })
        .catch((err: unknown) => {
          if (!(err instanceof Error) || !/rollback/i.test(err.message)) throw err;
        });
      await renameSomeProduct();
    });
  });

  // Only PostgreSQL has a listening connection that can be lost; PGlite listens inside this process. The
  // API suite runs on PostgreSQL in CI, so this test runs there.
  if (databaseKind() !== 'postgres') return;
  it('listens again after its connection is killed, and counts the gap as a change', async () => {
    const before = changes;
    await ctx.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and query ilike 'LISTEN catalogue_changed%'`,
    );
    // The new connection announces the gap, then hears writes as before.
    await changeAfter(before, 3000);
    const after = changes;
    await renameSomeProduct();
    await changeAfter(after);
  });

  it('tells of an idle pooled connection that failed without its client, whose parameters hold the password', async () => {
    const failures: Error[] = [];
    ctx.database.onConnectionError((err) => failures.push(err));
    // Two connections at once, so one is idle in the pool while the other kills it.
    await Promise.all([ctx.database.ping(), ctx.database.ping()]);
    await ctx.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid() and state = 'idle'
              and query not ilike 'LISTEN%'`,
    );
    const deadline = Date.now() + 3000;
    while (failures.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(failures.length).toBeGreaterThan(0);
    for (const err of failures) {
      expect(err.message).toMatch(/terminat/);
      expect(Object.keys(err)).not.toContain('client');
    }
  });
});
