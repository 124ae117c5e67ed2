// Deleting a trade buyer's account after they used every area of the shop leaves their name, address, street,
// telephone and postcode in no text or JSON column of any table, found generically, but the orders kept for VAT.
import type { AddressView, AwaitingApprovalView, OrderView } from '@shop/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestContext } from '../../../test/helper';
import { accountClient } from '../../../test/support/accounts';
import { staffMember } from '../../../test/support/administration';
import { itemBySku, newShopper, tierId } from '../../../test/support/carts';
import { applyForCompany, approveCompany, inviteAndJoin } from '../../../test/support/companies';
import { KEPT_FOR_VAT, rowsNaming, rowsNamingBeyondVat, textColumns } from '../../../test/support/erasure';
import { FILES, withQuoteCalls } from '../../../test/support/quotes';
import { setItemStock } from '../../../test/support/stock-alerts';
import { companyMembers } from '../../db/schema';
import { rowsOf } from '../../db/rows-of';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ config: testConfig({ LOG_LEVEL: 'silent' }) });
});
afterAll(() => ctx.close());

const PASSWORD = 'correct horse battery';
/** Letters only, different each run, so a name or street of this test matches no other row. */
const tag = Date.now()
  .toString(36)
  .replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!);

describe('POST /api/account/delete/ after every area was used', () => {
  it('leaves the person in no text or JSON column of any table but the orders’ address copies', async () => {
    const api = accountClient(ctx);
    const staff = await staffMember(ctx, 'staff', 'erasure-every-area');
    const buyer = await newShopper(ctx, 'erased.trader');
    const first = 'Quillon';
    const last = `Zebedee${tag}`;
    const street = `${tag.length} ${tag.charAt(0).toUpperCase()}${tag.slice(1)} Wharf`;
    const postcode = `YO${10 + (Date.now() % 15)} 5${'ABDEFGHJLNPQRSTUWXYZ'[Date.now() % 20]}${'ABDEFGHJLNPQRSTUWXYZ'[Math.floor(Date.now() / 20) % 20]}`;
    const phone = `07700 9${String(Date.now() % 100_000).padStart(5, '0')}`;

    // The profile and the address book.
    expect(
      (await buyer.call('PATCH', '/api/account/profile/', { first_name: first, last_name: last })).statusCode,
    ).toBe(200);
    const created = await buyer.call('POST', '/api/addresses/', {
      first_name: first,
      last_name: last,
      street,
      city: 'York',
      state: '',
      postal_code: postcode,
      country: 'UK',
      telephone_number: phone,
    });
    expect(created.statusCode, created.body).toBe(201);
    const address = created.json<AddressView>();
    const storedPhone = address.telephone_number!;

    // A trade application, approved; a colleague administers it; the buyer's on-account orders over £1 wait.
    const company = await applyForCompany(ctx, buyer.token);
    await approveCompany(ctx, staff.token, company.id);
    const colleague = await inviteAndJoin(ctx, buyer.token, `colleague.${tag}@example.com`, 'administrator');
    await ctx.database.db
      .update(companyMembers)
      .set({ role: 'buyer', orderLimitPence: 100 })
      .where(eq(companyMembers.userId, buyer.userId));
    const tape = await itemBySku(ctx, 'TD-PRO-75');
    const tier = await tierId(ctx, tape.variantId, 'pack', 1);
    const quoting = withQuoteCalls(ctx, buyer);
    const held = async (purchaseOrderNumber: string) => {
      await quoting.added([{ cart: buyer.cartId, item: tape.id, pricing_tier: tier, pack_quantity: 2 }]);
      const res = await buyer.call('POST', '/api/orders/', {
        shipping_address: address.id,
        billing_address: address.id,
        payment_method: 'account',
        purchase_order_number: purchaseOrderNumber,
      });
      expect(res.statusCode, res.body).toBe(202);
      return res.json<AwaitingApprovalView>().approval;
    };
    const asColleague = (url: string, payload?: object) =>
      ctx.app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${colleague}` },
        ...(payload ? { payload } : {}),
      });
    const declined = await held(`PO-D-${tag}`);
    const decline = await asColleague(`/api/account/company/approvals/${declined}/decline/`, {
      reason: 'Not this month',
    });
    expect(decline.statusCode, decline.body).toBe(200);
    const approved = await held(`PO-A-${tag}`);
    const approve = await asColleague(`/api/account/company/approvals/${approved}/approve/`);
    expect(approve.statusCode, approve.body).toBe(200);
    const order = approve.json<{ order: OrderView }>().order;
    await held(`PO-W-${tag}`);

    // A contact-form query about an order that names the sender's address in its text, and staff's reply.
    const contact = await ctx.app.inject({
      method: 'POST',
      url: '/api/administration/contact/',
      remoteAddress: api.nextIp(),
      payload: {
        email: buyer.email,
        full_name: `${first} ${last}`,
        subject: 'Order',
        message: `Where is my order? Please write to ${buyer.email.toUpperCase()} or ring me. ${first} ${last}`,
      },
    });
    expect(contact.statusCode, contact.body).toBe(201);

    // A request for quote with a note and a file named after the buyer; a list of their own.
    await quoting.added([{ cart: buyer.cartId, item: tape.id, pricing_tier: tier, pack_quantity: 2 }]);
    const quote = await quoting.requested(`Ask for ${first} ${last} at goods in`);
    expect(
      (await quoting.upload(quote.id, FILES.pdf, 'application/pdf', `${last} artwork.pdf`)).statusCode,
    ).toBe(201);
    const list = await buyer.call('POST', '/api/account/lists/', { name: `${last} usual` });
    expect(list.statusCode, list.body).toBe(201);

    // Back-in-stock alerts: one signed in, one asked for with the address as a visitor; the newsletter.
    const covers = await itemBySku(ctx, 'PC-SC-120-100-180-BK');
    await setItemStock(ctx, covers.id, 0);
    expect((await buyer.call('POST', '/api/stock-alerts/', { item: covers.id })).statusCode).toBe(201);
    const bags = await itemBySku(ctx, 'PW-HAND-400-CL');
    await setItemStock(ctx, bags.id, 0);
    const visitor = await ctx.app.inject({
      method: 'POST',
      url: '/api/stock-alerts/',
      remoteAddress: api.nextIp(),
      payload: { item: bags.id, email: buyer.email },
    });
    expect(visitor.statusCode, visitor.body).toBe(201);
    const subscribed = await ctx.app.inject({
      method: 'POST',
      url: '/api/newsletter/',
      remoteAddress: api.nextIp(),
      payload: { email: buyer.email },
    });
    expect(subscribed.statusCode).toBe(201);

    // The scan is meaningful: it reads well over the schema's text columns, and finds the person widely.
    expect((await textColumns(ctx)).length).toBeGreaterThan(100);
    const needles = { email: buyer.email, name: last, street, telephone: storedPhone, postcode };
    for (const [what, needle] of Object.entries(needles)) {
      expect((await rowsNaming(ctx, needle)).length, `${what} before`).toBeGreaterThan(1);
    }
    expect(await rowsNaming(ctx, buyer.email)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^outbound_emails\.text_body#/)]),
    );
    expect(await rowsNaming(ctx, street)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^order_approvals\.shipping_address#/)]),
    );

    const deleted = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/delete/',
      headers: { authorization: `Bearer ${buyer.token}` },
      payload: { password: PASSWORD },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);

    // Nothing names the person beyond the kept order's address copies (KEPT_FOR_VAT).
    for (const [what, needle] of Object.entries(needles)) {
      expect.soft(await rowsNamingBeyondVat(ctx, needle), what).toEqual([]);
    }
    expect(await rowsNaming(ctx, street)).toEqual(KEPT_FOR_VAT.map((column) => `${column}#${order.id}`));
    // The held orders that were never orders are gone; the one that became an order keeps no copy of its own.
    const approvals = rowsOf<{ id: number; shipping_address: unknown; billing_address: unknown }>(
      await ctx.database.db.execute(
        sql`select id, shipping_address, billing_address from order_approvals where user_id = ${buyer.userId}`,
      ),
    );
    expect(approvals).toEqual([{ id: approved, shipping_address: {}, billing_address: {} }]);
    // The approvers still read it, with the delivery address its order keeps.
    const history = await ctx.app.inject({
      method: 'GET',
      url: `/api/account/company/approvals/${approved}/`,
      headers: { authorization: `Bearer ${colleague}` },
    });
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json()).toMatchObject({ order: order.id, shipping_address: { street } });
    const listed = await ctx.app.inject({
      method: 'GET',
      url: '/api/account/company/approvals/',
      headers: { authorization: `Bearer ${colleague}` },
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<{ count: number }>().count).toBe(1);
  }, 120_000);
});
