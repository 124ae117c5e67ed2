import {
  QUICK_ORDER_MESSAGES,
  ReorderResultSchema,
  SAVED_LIST_LIMITS,
  SAVED_LIST_MESSAGES,
  SavedListViewSchema,
  type Page,
  type SavedListSummary,
  type SavedListView,
} from '@shop/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items, savedListLines, savedLists } from '../../db/schema';
import { createTestApp, type TestContext } from '../../../test/helper';
import { itemBySku, newShopper, type Shopper } from '../../../test/support/carts';
import { setPrice, setStock, tradeCompany } from '../../../test/support/orders';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const M = SAVED_LIST_MESSAGES;
type Caller = Pick<Shopper, 'call'>;

/** The ids of seeded items, by SKU. */
async function ids(...skus: string[]): Promise<number[]> {
  return Promise.all(skus.map(async (sku) => (await itemBySku(ctx, sku)).id));
}

async function created(caller: Caller, body: object): Promise<SavedListView> {
  const res = await caller.call('POST', '/api/account/lists/', body);
  expect(res.statusCode, res.body).toBe(201);
  return SavedListViewSchema.parse(res.json());
}

/** Lines as SKU and packs, in line order. */
const linesOf = (list: SavedListView) => list.lines.map((line) => [line.item.sku, line.packs]);

/** Every list and line in the database, to prove a refused call wrote nothing. */
async function stored() {
  const [lists] = await ctx.database.db.select({ n: count() }).from(savedLists);
  const [lines] = await ctx.database.db.select({ n: count() }).from(savedListLines);
  return { lists: lists!.n, lines: lines!.n, rows: await ctx.database.db.select().from(savedListLines) };
}

async function setStatus(sku: string, status: 'active' | 'inactive') {
  await ctx.database.db.update(items).set({ status }).where(eq(items.sku, sku));
}

describe('a buyer’s own lists', () => {
  it('makes, reads, lists, edits, adds to and deletes a list, merging lines of one item', async () => {
    const buyer = await newShopper(ctx, 'lists');
    const [gun, tape] = await ids('TD-PRO-75', 'TD-PRO-50');
    const list = await created(buyer, {
      name: '  Warehouse monthly ',
      lines: [
        { item: gun, packs: 2 },
        { item: tape, packs: 1 },
        { item: gun, packs: 3 },
      ],
    });
    expect(list).toMatchObject({
      name: 'Warehouse monthly',
      shared: false,
      can_edit: true,
      owner_name: 'Ann Lee',
      line_count: 2,
    });
    expect(list.lines[0]).toMatchObject({
      item: {
        id: gun,
        sku: 'TD-PRO-75',
        title: 'Heavy Duty Tape Gun for 75mm Tape',
        status: 'active',
        units_per_pack: 1,
        track_inventory: expect.any(Boolean),
        product_slug: expect.any(String),
        category_slug: expect.any(String),
      },
      packs: 5,
      // 5 guns are in the 5-19 tier.
      saved_price_per_pack: '14.83',
    });
    expect(linesOf(list)).toEqual([
      ['TD-PRO-75', 5],
      ['TD-PRO-50', 1],
    ]);

    const again = await buyer.call('GET', `/api/account/lists/${list.id}/`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(list);
    expect(again.headers['cache-control']).toBe('private, no-store');

    const page = await buyer.call('GET', '/api/account/lists/');
    expect(page.json<Page<SavedListSummary>>()).toEqual({
      count: 1,
      next: null,
      previous: null,
      results: [
        {
          id: list.id,
          name: 'Warehouse monthly',
          shared: false,
          can_edit: true,
          owner_name: 'Ann Lee',
          line_count: 2,
          updated_at: expect.any(String),
        },
      ],
    });

    const [wrap] = await ids('BW-S-300-100');
    const replaced = await buyer.call('PUT', `/api/account/lists/${list.id}/`, {
      name: 'Cafe consumables',
      shared: false,
      lines: [
        { item: tape, packs: 4 },
        { item: wrap, packs: 1 },
      ],
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(linesOf(replaced.json())).toEqual([
      ['TD-PRO-50', 4],
      ['BW-S-300-100', 1],
    ]);
    expect(replaced.json<SavedListView>().name).toBe('Cafe consumables');

    // Adding packs of an item already on the list adds to its line, capped at 100,000.
    const added = await buyer.call('POST', `/api/account/lists/${list.id}/lines/`, {
      item: tape,
      packs: 99_999,
    });
    expect(added.statusCode, added.body).toBe(200);
    const more = await buyer.call('POST', `/api/account/lists/${list.id}/lines/`, { item: gun });
    expect(linesOf(more.json())).toEqual([
      ['TD-PRO-50', 100_000],
      ['BW-S-300-100', 1],
      ['TD-PRO-75', 1],
    ]);

    // Several lines at once (the cart's, an order's): each added to its item's line or as a new one.
    const [bag] = await ids('BW-S-500-100');
    const bulk = await buyer.call('POST', `/api/account/lists/${list.id}/lines/`, {
      lines: [
        { item: bag, packs: 2 },
        { item: wrap, packs: 2 },
        { item: bag, packs: 1 },
      ],
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(linesOf(bulk.json())).toEqual([
      ['TD-PRO-50', 100_000],
      ['BW-S-300-100', 3],
      ['TD-PRO-75', 1],
      ['BW-S-500-100', 3],
    ]);

    const deleted = await buyer.call('DELETE', `/api/account/lists/${list.id}/`);
    expect(deleted.statusCode).toBe(204);
    expect((await buyer.call('GET', `/api/account/lists/${list.id}/`)).statusCode).toBe(404);
    expect((await buyer.call('GET', '/api/account/lists/')).json<Page<SavedListSummary>>().count).toBe(0);
  });

  it('keeps a line of an item no longer sold when the list is edited, and refuses to add a new one', async () => {
    const buyer = await newShopper(ctx, 'lists');
    const [wrap, gun] = await ids('BW-S-750-100', 'TD-PRO-75');
    const list = await created(buyer, { name: 'Old', lines: [{ item: wrap, packs: 1 }] });
    await setStatus('BW-S-750-100', 'inactive');
    try {
      const kept = await buyer.call('PUT', `/api/account/lists/${list.id}/`, {
        name: 'Old',
        lines: [
          { item: wrap, packs: 3 },
          { item: gun, packs: 1 },
        ],
      });
      expect(kept.statusCode, kept.body).toBe(200);
      expect(kept.json<SavedListView>().lines[0]).toMatchObject({
        packs: 3,
        saved_price_per_pack: list.lines[0]!.saved_price_per_pack,
        item: { status: 'inactive' },
      });
      const other = await created(buyer, { name: 'New' });
      const refused = await buyer.call('POST', `/api/account/lists/${other.id}/lines/`, { item: wrap });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ item: [M.unavailable('BW-S-750-100')] });
    } finally {
      await setStatus('BW-S-750-100', 'active');
    }
  });

  it('answers another user’s list 404 on every call, and lists only one’s own', async () => {
    const owner = await newShopper(ctx, 'lists');
    const other = await newShopper(ctx, 'lists');
    const [gun] = await ids('TD-PRO-75');
    const list = await created(owner, { name: 'Mine', lines: [{ item: gun, packs: 1 }] });
    const before = await stored();
    const path = `/api/account/lists/${list.id}/`;
    for (const [method, url, body] of [
      ['GET', path],
      ['PUT', path, { name: 'Theirs', lines: [] }],
      ['DELETE', path],
      ['POST', `${path}lines/`, { item: gun }],
      ['POST', `${path}add-to-cart/`],
      ['GET', `${path}export.csv`],
    ] as const) {
      const res = await other.call(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
    expect((await other.call('GET', '/api/account/lists/')).json<Page<SavedListSummary>>().count).toBe(0);
    expect(await stored()).toEqual(before);
    expect((await other.cart()).items).toEqual([]);

    expect((await owner.call('GET', '/api/account/lists/2147483647/')).statusCode).toBe(404);
    const bad = await owner.call('GET', '/api/account/lists/abc/');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ id: ['A valid integer is required.'] });
    const visitor = await ctx.app.inject({ method: 'GET', url: '/api/account/lists/' });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.headers['cache-control']).toBe('private, no-store');
  });

  it('refuses a 101st list', async () => {
    const buyer = await newShopper(ctx, 'lists');
    await ctx.database.db.insert(savedLists).values(
      Array.from({ length: SAVED_LIST_LIMITS.listsPerUser }, (_, n) => ({
        ownerId: buyer.userId,
        name: `List ${n + 1}`,
      })),
    );
    const res = await buyer.call('POST', '/api/account/lists/', { name: 'One more' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: M.tooManyLists });
    const page = await buyer.call('GET', '/api/account/lists/?page=6');
    expect(page.json<Page<SavedListSummary>>()).toMatchObject({ count: 100, next: null });
  });

  it('keeps a list to 200 lines, while packs still add to a line already there', async () => {
    const buyer = await newShopper(ctx, 'lists');
    const list = await created(buyer, { name: 'Full' });
    const all = await ctx.database.db.select({ id: items.id }).from(items).orderBy(items.id).limit(201);
    expect(all).toHaveLength(201);
    await ctx.database.db
      .insert(savedListLines)
      .values(
        all
          .slice(0, 200)
          .map((item) => ({ listId: list.id, itemId: item.id, packs: 1, savedPricePence: 100 })),
      );
    const path = `/api/account/lists/${list.id}/lines/`;
    const refused = await buyer.call('POST', path, { item: all[200]!.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ item: [M.tooManyLines] });
    const more = await buyer.call('POST', path, { lines: [{ item: all[200]!.id, packs: 1 }] });
    expect(more.json()).toEqual({ lines: [M.tooManyLines] });
    const [first] = all;
    const kept = await buyer.call('POST', path, { item: first!.id, packs: 2 });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json<SavedListView>()).toMatchObject({ line_count: 200 });
    expect(kept.json<SavedListView>().lines[0]).toMatchObject({ packs: 3 });
  });

  it('refuses hostile bodies with a 400 and writes nothing', async () => {
    const buyer = await newShopper(ctx, 'lists');
    const [gun] = await ids('TD-PRO-75');
    const list = await created(buyer, { name: 'Target', lines: [{ item: gun, packs: 1 }] });
    const before = await stored();
    const tooMany = Array.from({ length: 201 }, () => ({ item: gun, packs: 1 }));
    const cases: [string, string, unknown, Record<string, unknown>][] = [
      ['POST', '/api/account/lists/', { name: '' }, { name: [M.nameRequired] }],
      ['POST', '/api/account/lists/', { name: 'x'.repeat(81) }, { name: [M.nameTooLong] }],
      ['POST', '/api/account/lists/', { name: 'A', lines: tooMany }, { lines: [M.tooManyLines] }],
      [
        'POST',
        '/api/account/lists/',
        { name: 'A', lines: [{ item: gun, packs: 0 }] },
        { 'lines.0.packs': ['Ensure this value is greater than or equal to 1.'] },
      ],
      [
        'POST',
        '/api/account/lists/',
        { name: 'A', lines: [{ item: gun, packs: 1e20 }] },
        { 'lines.0.packs': ['Ensure this value is less than or equal to 100,000.'] },
      ],
      [
        'POST',
        '/api/account/lists/',
        { name: 'A', lines: [{ item: 2_147_483_647, packs: 1 }] },
        { 'lines.0.item': [M.noItem(2_147_483_647)] },
      ],
      ['POST', '/api/account/lists/', { name: 'A', owner_id: 1 }, { non_field_errors: expect.any(Array) }],
      ['POST', '/api/account/lists/', { name: 'A', shared: 'yes' }, { shared: expect.any(Array) }],
      ['POST', '/api/account/lists/', { name: 'A\u0000' }, { detail: 'Null characters are not allowed.' }],
      ['PUT', `/api/account/lists/${list.id}/`, { lines: [] }, { name: [M.nameRequired] }],
      ['POST', `/api/account/lists/${list.id}/lines/`, { item: 'x' }, { item: expect.any(Array) }],
      [
        'POST',
        `/api/account/lists/${list.id}/lines/`,
        { item: gun, packs: -1 },
        { packs: expect.any(Array) },
      ],
      ['POST', `/api/account/lists/${list.id}/lines/`, {}, { item: [M.itemOrLines] }],
      [
        'POST',
        `/api/account/lists/${list.id}/lines/`,
        { item: gun, lines: [{ item: gun, packs: 1 }] },
        { item: [M.itemOrLines] },
      ],
      [
        'POST',
        `/api/account/lists/${list.id}/lines/`,
        {
          lines: [
            { item: gun, packs: 1 },
            { item: 2_147_483_647, packs: 1 },
          ],
        },
        { 'lines.1.item': [M.noItem(2_147_483_647)] },
      ],
      ['POST', `/api/account/lists/${list.id}/lines/`, { lines: tooMany }, { lines: [M.tooManyLines] }],
      ['POST', `/api/account/lists/${list.id}/add-to-cart/`, { lines: [] }, { lines: expect.any(Array) }],
      [
        'POST',
        `/api/account/lists/${list.id}/add-to-cart/`,
        { lines: [{ item: gun, packs: 1 }], all: true },
        { non_field_errors: expect.any(Array) },
      ],
      [
        'POST',
        '/api/account/lists/import/',
        { name: 'A', csv: 'x'.repeat(100_001) },
        { csv: [M.csvTooLong] },
      ],
      ['POST', '/api/account/lists/import/', { name: 'A', csv: ' \n ' }, { csv: [M.csvRequired] }],
    ];
    for (const [method, url, body, answer] of cases) {
      const res = await buyer.call(method as 'POST', url, body);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
      expect(res.json()).toEqual(answer);
    }
    expect(await stored()).toEqual(before);
    expect((await buyer.cart()).items).toEqual([]);
  });
});

describe('a company’s shared lists', () => {
  it('lets every member use a shared list and only administrators and approvers change it', async () => {
    const company = await tradeCompany(ctx);
    const [admin, approver, buyer] = [
      await company.member('administrator'),
      await company.member('approver'),
      await company.member('buyer'),
    ];
    const [gun, tape] = await ids('TD-PRO-75', 'TD-PRO-50');
    await setStock(ctx, 'TD-PRO-75', 1000);
    const list = await created(admin, { name: 'Site stock', shared: true, lines: [{ item: gun, packs: 2 }] });
    expect(list).toMatchObject({ shared: true, can_edit: true });
    const path = `/api/account/lists/${list.id}/`;

    // The buyer reads it, lists it, exports it and puts it in their cart, but may not change it.
    const seen = await buyer.call('GET', path);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ shared: true, can_edit: false, owner_name: 'Ann Lee' });
    expect((await buyer.call('GET', '/api/account/lists/')).json<Page<SavedListSummary>>().results).toEqual([
      expect.objectContaining({ id: list.id, shared: true, can_edit: false }),
    ]);
    expect((await buyer.call('GET', `${path}export.csv`)).statusCode).toBe(200);
    const put = await buyer.call('POST', `${path}add-to-cart/`);
    expect(put.statusCode, put.body).toBe(200);
    expect(ReorderResultSchema.parse(put.json()).cart.items.map((line) => line.pack_quantity)).toEqual([2]);

    const before = await stored();
    for (const [method, url, body] of [
      ['PUT', path, { name: 'Mine now', shared: true, lines: [] }],
      ['PUT', path, { name: 'Mine now', shared: false, lines: [] }],
      ['DELETE', path],
      ['POST', `${path}lines/`, { item: tape }],
    ] as const) {
      const res = await buyer.call(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual({ detail: M.editorsOnly });
    }
    // A buyer may not make a shared list either.
    const made = await buyer.call('POST', '/api/account/lists/', { name: 'Shared', shared: true });
    expect(made.statusCode).toBe(403);
    expect(made.json()).toEqual({ detail: M.editorsOnly });
    expect(await stored()).toEqual(before);

    // An approver edits it; the change is the company's.
    const edited = await approver.call('POST', `${path}lines/`, { item: tape, packs: 3 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(linesOf(edited.json())).toEqual([
      ['TD-PRO-75', 2],
      ['TD-PRO-50', 3],
    ]);
    expect(linesOf((await admin.call('GET', path)).json())).toEqual(linesOf(edited.json()));

    // Made personal again by the approver, it is the approver's alone.
    const unshared = await approver.call('PUT', path, { name: 'Site stock', shared: false, lines: [] });
    expect(unshared.statusCode, unshared.body).toBe(200);
    expect(unshared.json()).toMatchObject({ shared: false, can_edit: true, line_count: 0 });
    expect((await admin.call('GET', path)).statusCode).toBe(404);
    expect((await buyer.call('GET', path)).statusCode).toBe(404);
    expect((await approver.call('DELETE', path)).statusCode).toBe(204);
  });

  it('hides a company’s shared lists from another company and from a member who has left', async () => {
    const company = await tradeCompany(ctx);
    const other = await tradeCompany(ctx);
    const admin = await company.member('administrator');
    const leaver = await company.member('buyer');
    const stranger = await other.member('administrator');
    const [gun] = await ids('TD-PRO-75');
    const list = await created(admin, { name: 'Shared', shared: true, lines: [{ item: gun, packs: 1 }] });
    await leaver.remove();
    const path = `/api/account/lists/${list.id}/`;
    for (const caller of [stranger, leaver]) {
      for (const [method, url, body] of [
        ['GET', path],
        ['PUT', path, { name: 'X', lines: [] }],
        ['DELETE', path],
        ['POST', `${path}lines/`, { item: gun }],
        ['POST', `${path}add-to-cart/`],
        ['GET', `${path}export.csv`],
      ] as const) {
        expect((await caller.call(method, url, body)).statusCode, `${method} ${url}`).toBe(404);
      }
      expect((await caller.call('GET', '/api/account/lists/')).json<Page<SavedListSummary>>().count).toBe(0);
    }
    expect((await admin.call('GET', path)).json<SavedListView>().name).toBe('Shared');
  });

  it('refuses to share without an approved trade account (400 on shared)', async () => {
    const loner = await newShopper(ctx, 'lists');
    const res = await loner.call('POST', '/api/account/lists/', { name: 'Team', shared: true });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ shared: [M.noCompany] });
    const pending = await tradeCompany(ctx, { status: 'pending' });
    const applicant = await pending.member('administrator');
    const personal = await created(applicant, { name: 'Mine' });
    const shared = await applicant.call('PUT', `/api/account/lists/${personal.id}/`, {
      name: 'Mine',
      shared: true,
    });
    expect(shared.statusCode).toBe(400);
    expect(shared.json()).toEqual({ shared: [M.noCompany] });
  });
});

describe('POST /api/account/lists/{id}/add-to-cart/', () => {
  it('puts the list in the cart at today’s prices, reporting each line as a reorder does', async () => {
    for (const sku of ['TD-PRO-75', 'TD-PRO-50', 'BW-S-300-100', 'BW-S-500-100', 'PW-HAND-400-CL']) {
      await setStock(ctx, sku, 1000);
    }
    const buyer = await newShopper(ctx, 'lists');
    const skus = ['TD-PRO-75', 'TD-PRO-50', 'BW-S-300-100', 'BW-S-500-100', 'PW-HAND-400-CL'];
    const itemIds = await ids(...skus);
    const list = await created(buyer, {
      name: 'Monthly',
      lines: itemIds.map((item, index) => ({ item, packs: index === 4 ? 5 : 2 })),
    });
    const restore = await setPrice(ctx, 'TD-PRO-50', 1400);
    await setStock(ctx, 'BW-S-300-100', 0);
    await setStatus('BW-S-500-100', 'inactive');
    // 6 rolls a pack: 3 whole packs and 4 rolls.
    await setStock(ctx, 'PW-HAND-400-CL', 22);
    try {
      const res = await buyer.call('POST', `/api/account/lists/${list.id}/add-to-cart/`);
      expect(res.statusCode, res.body).toBe(200);
      const result = ReorderResultSchema.parse(res.json());
      expect(result.lines).toEqual([
        {
          sku: 'TD-PRO-75',
          title: 'Heavy Duty Tape Gun for 75mm Tape',
          packs_ordered: 2,
          packs_added: 2,
          outcome: 'added',
          old_price_per_pack: '15.95',
          new_price_per_pack: '15.95',
        },
        expect.objectContaining({
          sku: 'TD-PRO-50',
          outcome: 'price_changed',
          packs_added: 2,
          old_price_per_pack: '12.95',
          new_price_per_pack: '14.00',
        }),
        expect.objectContaining({ sku: 'BW-S-300-100', outcome: 'out_of_stock', packs_added: 0 }),
        expect.objectContaining({ sku: 'BW-S-500-100', outcome: 'unavailable', packs_added: 0 }),
        expect.objectContaining({
          sku: 'PW-HAND-400-CL',
          outcome: 'clamped',
          packs_ordered: 5,
          packs_added: 3,
        }),
      ]);
      expect(result.cart.items.map((line) => [line.item.sku, line.pack_quantity])).toEqual([
        ['TD-PRO-75', 2],
        ['TD-PRO-50', 2],
        ['PW-HAND-400-CL', 3],
      ]);
      expect(result.cart).toEqual(await buyer.cart());

      // The lines added keep today's price as their saved one; the others keep theirs.
      const after = (await buyer.call('GET', `/api/account/lists/${list.id}/`)).json<SavedListView>();
      expect(after.lines.map((line) => line.saved_price_per_pack)).toEqual([
        '15.95',
        '14.00',
        list.lines[2]!.saved_price_per_pack,
        list.lines[3]!.saved_price_per_pack,
        list.lines[4]!.saved_price_per_pack,
      ]);
      // The list's packs are its defaults, untouched by what the cart took.
      expect(linesOf(after)).toEqual(linesOf(list));
    } finally {
      await restore();
      await setStatus('BW-S-500-100', 'active');
      await setStock(ctx, 'BW-S-300-100', 1000);
    }
  });

  it('adds only the ticked lines with their packs as edited', async () => {
    const buyer = await newShopper(ctx, 'lists');
    const [gun, tape, wrap] = await ids('TD-PRO-75', 'TD-PRO-50', 'BW-S-300-100');
    for (const sku of ['TD-PRO-75', 'TD-PRO-50', 'BW-S-300-100']) await setStock(ctx, sku, 1000);
    const list = await created(buyer, {
      name: 'Ticked',
      lines: [
        { item: gun, packs: 1 },
        { item: tape, packs: 1 },
        { item: wrap, packs: 1 },
      ],
    });
    const res = await buyer.call('POST', `/api/account/lists/${list.id}/add-to-cart/`, {
      lines: [
        { item: wrap, packs: 4 },
        { item: gun, packs: 2 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = ReorderResultSchema.parse(res.json());
    expect(result.lines.map((line) => [line.sku, line.packs_ordered, line.outcome])).toEqual([
      ['BW-S-300-100', 4, 'added'],
      ['TD-PRO-75', 2, 'added'],
    ]);
    expect(result.cart.items.map((line) => [line.item.sku, line.pack_quantity])).toEqual([
      ['BW-S-300-100', 4],
      ['TD-PRO-75', 2],
    ]);

    // A line that is not on the list refuses the whole request.
    const [other] = await ids('PW-HAND-400-BK');
    const before = await buyer.cart();
    const refused = await buyer.call('POST', `/api/account/lists/${list.id}/add-to-cart/`, {
      lines: [
        { item: gun, packs: 1 },
        { item: other, packs: 1 },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ 'lines.1.item': [M.notOnList(other!)] });
    expect(await buyer.cart()).toEqual(before);

    const empty = await created(buyer, { name: 'Empty' });
    const nothing = await buyer.call('POST', `/api/account/lists/${empty.id}/add-to-cart/`, {});
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toEqual({ detail: M.emptyList });
  });
});

describe('CSV', () => {
  it('exports a list and imports it back as the same lines', async () => {
    const buyer = await newShopper(ctx, 'lists');
    const [gun, wrap] = await ids('TD-PRO-75', 'PW-HAND-400-CL');
    const list = await created(buyer, {
      name: 'Warehouse monthly',
      lines: [
        { item: gun, packs: 12 },
        { item: wrap, packs: 1500 },
      ],
    });
    const res = await buyer.call('GET', `/api/account/lists/${list.id}/export.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="warehouse-monthly.csv"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toBe('sku,packs\r\nTD-PRO-75,12\r\nPW-HAND-400-CL,1500\r\n');

    const imported = await buyer.call('POST', '/api/account/lists/import/', {
      name: 'Copy',
      csv: res.body,
    });
    expect(imported.statusCode, imported.body).toBe(201);
    expect(linesOf(imported.json())).toEqual(linesOf(list));
    expect(imported.json<SavedListView>().lines.map((line) => line.saved_price_per_pack)).toEqual(
      list.lines.map((line) => line.saved_price_per_pack),
    );
  });

  it('reads the quick order’s lines: no header, semicolons, tabs, spaces, lower case, default packs', async () => {
    const buyer = await newShopper(ctx, 'lists');
    const res = await buyer.call('POST', '/api/account/lists/import/', {
      name: 'Pasted',
      csv: '\uFEFFtd-pro-75;3\n\nTD-PRO-50\t"1,200"\nBW-S-300-100 2\nPW-HAND-400-CL\nTD-PRO-75,1\n',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(linesOf(res.json())).toEqual([
      ['TD-PRO-75', 4],
      ['TD-PRO-50', 1200],
      ['BW-S-300-100', 2],
      ['PW-HAND-400-CL', 1],
    ]);
  });

  it('names every bad line with the quick order’s words and writes nothing', async () => {
    const buyer = await newShopper(ctx, 'lists');
    await setStatus('BW-S-750-100', 'inactive');
    const before = await stored();
    try {
      const res = await buyer.call('POST', '/api/account/lists/import/', {
        name: 'Bad',
        csv: 'SKU,packs\nTD-PRO-75,2\nNOPE-1,1\nBW-S-750-100,1\n,3\nTD-PRO-50,many\n',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        csv: [`Line 5: ${QUICK_ORDER_MESSAGES.skuRequired}`, `Line 6: ${QUICK_ORDER_MESSAGES.packsInvalid}`],
      });
      const unknown = await buyer.call('POST', '/api/account/lists/import/', {
        name: 'Bad',
        csv: 'SKU,packs\nTD-PRO-75,2\nNOPE-1,1\nBW-S-750-100,1\n',
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual({
        csv: [
          `Line 3: ${QUICK_ORDER_MESSAGES.noItem('NOPE-1')}`,
          `Line 4: ${QUICK_ORDER_MESSAGES.unavailable('BW-S-750-100')}`,
        ],
      });
      const long = await buyer.call('POST', '/api/account/lists/import/', {
        name: 'Long',
        csv: Array.from({ length: 201 }, () => 'TD-PRO-75,1').join('\n'),
      });
      expect(long.json()).toEqual({ csv: [M.tooManyLines] });
      const broken = await buyer.call('POST', '/api/account/lists/import/', {
        name: 'Broken',
        csv: 'TD-PRO-75,1\n"unclosed,2\n',
      });
      expect(broken.statusCode).toBe(400);
      expect(broken.json<{ csv: string[] }>().csv[0]).toMatch(/^This is not valid CSV: /);
      expect(await stored()).toEqual(before);
    } finally {
      await setStatus('BW-S-750-100', 'active');
    }
  });
});
