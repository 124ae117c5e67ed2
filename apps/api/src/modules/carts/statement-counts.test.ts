// The cart's writes in a fixed, small number of statements (a 10-line add in at most 8, BEGIN and
// COMMIT included). Counted at the service, so the route's session check (`accounts_live_session`, one
// statement on every authenticated call) is not in these lists.
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items } from '../../db/schema';
import { createTestApp, testConfig, type TestContext } from '../../../test/helper';
import { countingDb } from '../../../test/query-counter';
import { createCartsService } from './service';
import { cartLine, itemBySku, newShopper, tierId } from '../../../test/support/carts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ config: testConfig({ LOG_LEVEL: 'silent' }) });
});
afterAll(() => ctx.close());

/** Ten different items, each sold by the pack from one pack up. */
const SKUS = [
  'TD-PRO-75',
  'PW-HAND-400-CL',
  'PW-HAND-400-BK',
  'PW-HAND-450-CL',
  'PW-MACH-500-1500-CL',
  'BW-S-300-100',
  'BW-S-500-100',
  'BW-S-750-100',
  'BW-L-500-50',
  'PC-TS-1200-1000-CL',
];

/** The statements of a counter less the transaction's own (node-postgres logs them, PGlite does not). */
const statements = (sql: string[]) => sql.filter((text) => !/^\s*(begin|commit|rollback)\b/i.test(text));
const transactionControl = (sql: string[]) => sql.length - statements(sql).length;

/** A statement's text with its parenthesised parts (subqueries, lists) left out. */
function topLevel(text: string): string {
  let rest = text;
  for (let previous = ''; previous !== rest;) [previous, rest] = [rest, rest.replace(/\([^()]*\)/g, '')];
  return rest;
}

/**
 * What a statement does, in a few words: its verb and table (`select` names the table of its outer FROM),
 * `for update` when it locks rows, and for a statement with data-modifying CTEs each CTE's kind first:
 * `with select carts for update, delete cart_items: update carts`.
 */
function kindOf(text: string): string {
  let rest = text.replace(/"/g, '').replace(/\s+/g, ' ').trim().toLowerCase();
  const ctes: string[] = [];
  if (rest.startsWith('with ')) {
    rest = rest.slice(5);
    for (let cte = /^(\w+) as \(/.exec(rest); cte; cte = /^(\w+) as \(/.exec(rest)) {
      let depth = 1;
      let end = cte[0].length;
      for (; depth > 0; end++) depth += rest[end] === '(' ? 1 : rest[end] === ')' ? -1 : 0;
      ctes.push(kindOf(rest.slice(cte[0].length, end - 1)));
      rest = rest.slice(end).replace(/^\s*,?\s*/, '');
    }
  }
  const outer = topLevel(rest);
  const verb = /^(select|insert into|update|delete from)\b/.exec(outer)?.[1] ?? outer.split(' ')[0];
  const table =
    verb === 'select' ? /\bfrom (\w+)/.exec(outer)?.[1] : new RegExp(`^${verb} (\\w+)`).exec(outer)?.[1];
  const lock = /\bfor update\b/.test(outer) ? ' for update' : '';
  const kind = `${verb!.split(' ')[0]} ${table}${lock}`;
  return ctes.length > 0 ? `with ${ctes.join(', ')}: ${kind}` : kind;
}

/** The statements a request sends, by kind, with how many BEGIN and COMMIT went with them. */
function counted(counter: ReturnType<typeof countingDb>) {
  const result = { kinds: statements(counter.sql).map(kindOf), control: transactionControl(counter.sql) };
  counter.reset();
  return result;
}

/** Lock the cart; read items, tiers, prices, lines and exclusive prices; write the lines and answer them. */
const WRITE = [
  'select carts for update',
  'select items',
  'with update carts, insert cart_items: select written',
];
/** BEGIN and COMMIT of a write's transaction, when the driver logs them (node-postgres does). */
const control = () => (ctx.database.kind === 'postgres' ? 2 : 0);

async function tenItems() {
  const found = [];
  for (const sku of SKUS) {
    const item = await itemBySku(ctx, sku);
    found.push({ ...item, tier1: await tierId(ctx, item.variantId, 'pack', 1) });
  }
  await ctx.database.db
    .update(items)
    .set({ stock: 100_000 })
    .where(
      inArray(
        items.id,
        found.map((item) => item.id),
      ),
    );
  return found;
}

describe('statements the cart writes send', () => {
  it('adds ten lines to an empty cart, then merges ten into them, in five statements each', async () => {
    const shopper = await newShopper(ctx);
    const ten = await tenItems();
    const counter = countingDb(ctx.database);
    const service = createCartsService(counter.db);
    const lines = ten.map((item) => cartLine(shopper.cartId, item.id, item.tier1, 1));

    const added = await service.addLines(shopper.userId, lines);
    expect(added.map((line) => [line.item.sku, line.pack_quantity])).toEqual(SKUS.map((sku) => [sku, 1]));
    const fresh = counted(counter);
    expect(fresh).toEqual({ kinds: WRITE, control: control() });
    // The budget for a 10-line add: 8 statements, BEGIN and COMMIT included.
    expect(fresh.kinds.length + fresh.control).toBeLessThanOrEqual(8);

    const merged = await service.addLines(shopper.userId, lines);
    expect(counted(counter)).toEqual({ kinds: WRITE, control: control() });
    expect(merged.map((line) => [line.id, line.pack_quantity])).toEqual(added.map((line) => [line.id, 2]));
    // The views the write answered are the ones the cart reads afterwards.
    expect((await shopper.cart()).items).toEqual(merged);
    expect(await shopper.lines()).toEqual(
      added.map((line) =>
        expect.objectContaining({ id: line.id, packQuantity: 2, pricingTierId: line.pricing_tier.id }),
      ),
    );
  });

  it('folds a line into the item’s pallet line with a delete and an update more', async () => {
    const shopper = await newShopper(ctx);
    // Machine wrap: 17.5 kg a pack, 40 packs a pallet; tiers 1-9, 10-39, 40+, pallets 1-4, 5+.
    const film = await itemBySku(ctx, 'PW-MACH-500-1500-CL');
    await ctx.database.db
      .update(items)
      .set({ stock: 100_000 })
      .where(inArray(items.id, [film.id]));
    const pallet1 = await tierId(ctx, film.variantId, 'pallet', 1);
    const pack1 = await tierId(ctx, film.variantId, 'pack', 1);
    const pack10 = await tierId(ctx, film.variantId, 'pack', 10);
    const [pallets] = await shopper.added([
      cartLine(shopper.cartId, film.id, pallet1, 40, { unit_type: 'pallet' }),
    ]);
    const [packs] = await shopper.added([cartLine(shopper.cartId, film.id, pack1, 5)]);
    const counter = countingDb(ctx.database);
    const service = createCartsService(counter.db);

    // 35 packs alone are no whole pallet (the pack line), but with its 5 packs they make one: the pack
    // line takes the pallet line's 40 packs and becomes the pallet line.
    const [folded] = await service.addLines(shopper.userId, [cartLine(shopper.cartId, film.id, pack10, 35)]);
    expect(folded).toMatchObject({ id: packs!.id, pack_quantity: 80, unit_type: 'pallet' });
    expect(await shopper.lines()).toEqual([
      expect.objectContaining({
        id: packs!.id,
        packQuantity: 80,
        unitType: 'pallet',
        pricingTierId: pallet1,
      }),
    ]);
    expect(pallets!.id).not.toBe(packs!.id);
    expect(counted(counter)).toEqual({
      kinds: [
        'select carts for update',
        'select items',
        'delete cart_items',
        'update cart_items',
        'with update carts, insert cart_items: select written',
        // The moved line's view, which the write does not answer.
        'select cart_items',
      ],
      control: control(),
    });
  });

  it('changes a line’s packs in five statements and removes a line in one', async () => {
    const shopper = await newShopper(ctx);
    const [first, second] = await tenItems();
    const [line, other] = await shopper.added([
      cartLine(shopper.cartId, first!.id, first!.tier1, 1),
      cartLine(shopper.cartId, second!.id, second!.tier1, 1),
    ]);
    const counter = countingDb(ctx.database);
    const service = createCartsService(counter.db);

    const changed = await service.updateLine(shopper.userId, line!.id, { pack_quantity: 6 });
    expect(changed).toMatchObject({ id: line!.id, pack_quantity: 6 });
    expect(changed.pricing_tier.id).not.toBe(first!.tier1);
    expect(counted(counter)).toEqual({ kinds: WRITE, control: control() });
    expect(await service.getLine(shopper.userId, line!.id)).toEqual(changed);
    counter.reset();

    await service.deleteLine(shopper.userId, other!.id);
    expect(counted(counter)).toEqual({
      kinds: ['with select carts for update, delete cart_items: update carts'],
      control: 0,
    });
    expect((await shopper.lines()).map((row) => row.id)).toEqual([line!.id]);

    // Someone else's line, or one already gone: the same statement, then whether it is on an accepted quote's
    // cart (whose lines stay as quoted, refused with its own words); nothing removed.
    const intruder = await newShopper(ctx, 'intruder');
    await expect(service.deleteLine(intruder.userId, line!.id)).rejects.toMatchObject({ statusCode: 404 });
    await expect(service.deleteLine(shopper.userId, other!.id)).rejects.toMatchObject({ statusCode: 404 });
    expect(counted(counter).kinds).toHaveLength(4);
    expect((await shopper.lines()).map((row) => row.id)).toEqual([line!.id]);
  });
});
