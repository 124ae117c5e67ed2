// A saved list's reads and its add-to-cart in a fixed, small number of statements whatever the number of
// lists and lines. Counted at the service, so the route's session check (one statement on every
// authenticated call) is not in these numbers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helper';
import { countingDb, TEN_PACK_SKUS } from '../../../test/query-counter';
import { itemBySku } from '../../../test/support/carts';
import { setStock, tradeCompany } from '../../../test/support/orders';
import { createCartsService } from '../carts/service';
import { createListsService } from './service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** The statements of a counter less the transaction's own (node-postgres logs them, PGlite does not). */
const statements = (sql: string[]) => sql.filter((text) => !/^\s*(begin|commit|rollback)\b/i.test(text));

/** A statement's text with its parenthesised parts (sub-selects, lists) left out. */
function topLevel(text: string): string {
  let rest = text;
  for (let previous = ''; previous !== rest;) [previous, rest] = [rest, rest.replace(/\([^()]*\)/g, '')];
  return rest;
}

/** Each statement's verb and the table of its outer FROM or its target, e.g. 'select saved_lists', 'savepoint'. */
const kinds = (sql: string[]) =>
  statements(sql).map((text) => {
    const words = topLevel(text.replace(/"/g, '').replace(/\s+/g, ' ').trim().toLowerCase());
    if (/^(savepoint|release savepoint) /.test(words)) return words.replace(/ \w+$/, '');
    const verb = /^(select|insert into|update|delete from|with)\b/.exec(words)?.[1];
    const table =
      verb === 'select'
        ? /\bfrom (\w+)/.exec(words)?.[1]
        : /^(?:insert into|update|delete from|with) (\w+)/.exec(words)?.[1];
    return `${verb} ${table}`;
  });

describe('statements a saved list sends', () => {
  it('reads the index and a list of ten lines in one statement each, and puts it in the cart in twelve', async () => {
    const company = await tradeCompany(ctx);
    const admin = await company.member('administrator');
    const buyer = await company.member('buyer');
    for (const sku of TEN_PACK_SKUS) await setStock(ctx, sku, 1000);
    const lines = await Promise.all(
      TEN_PACK_SKUS.map(async (sku) => ({ item: (await itemBySku(ctx, sku)).id, packs: 1 })),
    );
    // The buyer sees the company's lists besides their own.
    for (const [caller, name, shared] of [
      [admin, 'Shared', true],
      [buyer, 'Own', false],
      [buyer, 'Other', false],
    ] as const) {
      const res = await caller.call('POST', '/api/account/lists/', { name, shared, lines });
      expect(res.statusCode, res.body).toBe(201);
    }
    const counter = countingDb(ctx.database);
    const service = createListsService(counter.db, createCartsService(counter.db));

    const page = await service.page(buyer.userId, { page: 1, page_size: 20 });
    expect(page.results.map((list) => [list.name, list.line_count])).toEqual([
      ['Other', 10],
      ['Own', 10],
      ['Shared', 10],
    ]);
    expect(kinds(counter.sql)).toEqual(['select saved_lists']);

    counter.reset();
    const shared = page.results.find((list) => list.shared)!;
    expect((await service.detail(buyer.userId, shared.id)).lines).toHaveLength(10);
    expect(kinds(counter.sql)).toEqual(['select saved_lists']);

    counter.reset();
    const result = await service.addToCart(buyer.userId, shared.id, {});
    expect(result.lines.every((line) => line.packs_added === 1)).toBe(true);
    // The list; then in one transaction the cart's lock and facts, the cart's own add in a savepoint (its lock,
    // its facts, its one write), the saved prices; then the cart's view.
    expect(kinds(counter.sql)).toEqual([
      'select saved_lists',
      'select carts',
      'select items',
      'savepoint',
      'select carts',
      'select items',
      'with touched',
      'release savepoint',
      'update saved_list_lines',
      'select carts',
      'select cart_items',
      'select shop_settings',
    ]);
    expect(counter.sql.length - statements(counter.sql).length).toBe(
      ctx.database.kind === 'postgres' ? 2 : 0,
    );
  });
});
