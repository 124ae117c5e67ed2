import { TEST_CARDS } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestContext } from '../../../test/helper';
import { countingDb, statementKind, statementsOf, TEN_PACK_SKUS } from '../../../test/query-counter';
import { cartLine, itemBySku, tierId } from '../../../test/support/carts';
import { createTestProcessor } from '../payments/test-processor/processor';
import { createOrdersService } from './service';
import { checkoutShopper, setStock, tradeCompany } from '../../../test/support/orders';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ config: testConfig({ LOG_LEVEL: 'silent' }) });
});
afterAll(() => ctx.close());

const transactionControl = (sql: string[]) => sql.length - statementsOf(sql).length;

describe('statements the checkout sends', () => {
  it('places an order of ten lines in a fixed, small number of statements', async () => {
    const buyer = await checkoutShopper(ctx);
    const lines = [];
    for (const sku of TEN_PACK_SKUS) {
      await setStock(ctx, sku, 1000);
      const item = await itemBySku(ctx, sku);
      lines.push(cartLine(buyer.cartId, item.id, await tierId(ctx, item.variantId, 'pack', 1), 1));
    }
    const [firstLine] = await buyer.added(lines);
    const counter = countingDb(ctx.database);
    const service = createOrdersService(counter.db, {
      provider: ctx.app.services.payments.provider,
      log: ctx.app.log,
      rateLimiter: ctx.app.services.rateLimiter,
    });
    const addresses = { billing_address: buyer.addressId, shipping_address: buyer.addressId };

    const fresh = await service.createPaymentIntent(buyer.userId, { cart_id: buyer.cartId, ...addresses });
    const made = statementsOf(counter.sql).map(statementKind);
    counter.reset();
    const reused = await service.createPaymentIntent(buyer.userId, { cart_id: buyer.cartId, ...addresses });
    expect(reused).toEqual(fresh);
    const again = statementsOf(counter.sql).map(statementKind);
    counter.reset();
    await service.createPaymentIntent(buyer.userId, { cart_id: buyer.cartId });
    const bare = statementsOf(counter.sql).length;
    expect({ made, again, bare }).toEqual({
      made: [
        'select cart_items',
        'select shop_settings',
        'select addresses',
        // Whether the buyer is a company's member (its PO number setting).
        'select company_members',
        'select payments',
        'insert payments',
      ],
      again: [
        'select cart_items',
        'select shop_settings',
        'select addresses',
        'select company_members',
        'select payments',
      ],
      bare: 4,
    });

    // The cart changes before it is paid for: the same intent, its amount changed.
    await buyer.call('PATCH', `/api/ecommerce/cart-items/${firstLine!.id}/`, { pack_quantity: 2 });
    counter.reset();
    const changed = await service.createPaymentIntent(buyer.userId, { cart_id: buyer.cartId, ...addresses });
    expect(changed.payment_intent_id).toBe(fresh.payment_intent_id);
    expect(changed.amount).toBeGreaterThan(fresh.amount);
    expect(statementsOf(counter.sql).map(statementKind)).toEqual([
      'select cart_items',
      'select shop_settings',
      'select addresses',
      'select company_members',
      'select payments',
      'update payments',
    ]);

    expect((await buyer.confirm(fresh.client_secret)).statusCode).toBe(200);
    counter.reset();
    const { order, created } = await service.placeOrder(buyer.userId, {
      ...addresses,
      payment_method: 'card',
      transaction_id: fresh.payment_intent_id,
    });
    expect(created).toBe(true);
    expect(order.items).toHaveLength(10);
    const placed = statementsOf(counter.sql).map(statementKind);
    expect(placed).toEqual([
      'select payments',
      'select addresses',
      'select payments for update',
      'select cart_items',
      'select shop_settings',
      'select items for update',
      'update items',
      // The order, its lines, its invoice and receipt numbers, stock, payment, cart and e-mail: one statement.
      'with numbers: insert document_sequences',
    ]);
    // The card order's budget is 12 statements, BEGIN and COMMIT included: 10 on PostgreSQL, 8 on PGlite.
    expect(placed.length + transactionControl(counter.sql)).toBeLessThanOrEqual(10);
    // BEGIN and COMMIT of the order's transaction, when the driver logs them (node-postgres does).
    expect(transactionControl(counter.sql)).toBe(ctx.database.kind === 'postgres' ? 2 : 0);

    counter.reset();
    const repeat = await service.placeOrder(buyer.userId, {
      ...addresses,
      payment_method: 'card',
      transaction_id: fresh.payment_intent_id,
    });
    expect(repeat).toEqual({ order, created: false });
    expect(statementsOf(counter.sql).map(statementKind)).toEqual([
      'select payments',
      'select orders',
      'select order_items',
    ]);

    counter.reset();
    const page = await service.listOrders(buyer.userId, { page: 1, page_size: 20 });
    expect(page.count).toBe(1);
    expect(statementsOf(counter.sql).map(statementKind)).toEqual(['select orders', 'select order_items']);
  });

  it('places an on-account order of ten lines within the card order’s budget', async () => {
    const company = await tradeCompany(ctx, { creditLimitPence: 99_999_999 });
    const buyer = await company.member('buyer');
    const lines = [];
    for (const sku of TEN_PACK_SKUS) {
      await setStock(ctx, sku, 1000);
      const item = await itemBySku(ctx, sku);
      lines.push(cartLine(buyer.cartId, item.id, await tierId(ctx, item.variantId, 'pack', 1), 1));
    }
    await buyer.added(lines);
    const counter = countingDb(ctx.database);
    const service = createOrdersService(counter.db, {
      provider: ctx.app.services.payments.provider,
      log: ctx.app.log,
      rateLimiter: ctx.app.services.rateLimiter,
    });
    const outcome = await service.placeOnAccount(buyer.userId, {
      billing_address: buyer.addressId,
      shipping_address: buyer.addressId,
      payment_method: 'account',
      purchase_order_number: 'COUNT-1',
    });
    expect('order' in outcome && outcome.order.items).toHaveLength(10);
    expect(statementsOf(counter.sql).map(statementKind)).toEqual([
      'select addresses',
      // The company row and the cart locked, with the membership as it is once locked.
      'select company_members for update',
      // What the company owes and the PO number's earlier uses, read after the lock.
      'select companies',
      'select cart_items',
      'select shop_settings',
      'select items for update',
      'update items',
      'with numbers: insert document_sequences',
    ]);
    // The on-account order's budget: 12 statements with BEGIN, COMMIT, the sign-in check and the request's rate limit.
    expect(counter.sql.length + 2).toBeLessThanOrEqual(12);
    expect(transactionControl(counter.sql)).toBe(ctx.database.kind === 'postgres' ? 2 : 0);

    // Held for approval: no stock is locked; the held order, the emptied cart and the e-mails are one statement.
    const limited = await company.member('buyer', 1, 'limited');
    await limited.added(lines.map((line) => ({ ...line, cart: limited.cartId })));
    counter.reset();
    const held = await service.placeOnAccount(limited.userId, {
      billing_address: limited.addressId,
      shipping_address: limited.addressId,
      payment_method: 'account',
    });
    expect('held' in held).toBe(true);
    expect(statementsOf(counter.sql).map(statementKind)).toEqual([
      'select addresses',
      'select company_members for update',
      'select companies',
      'select cart_items',
      'select shop_settings',
      'with held: insert order_approvals',
    ]);
  });

  it('settles a webhook event and confirms a card in a fixed number of statements', async () => {
    const buyer = await checkoutShopper(ctx);
    await setStock(ctx, 'TD-PRO-75', 1000);
    await buyer.addSku('TD-PRO-75', 1);
    const intent = (await buyer.intent()).json<{ client_secret: string; payment_intent_id: string }>();

    // The processor on a counting connection: the browser's confirm call.
    const counter = countingDb(ctx.database);
    const processor = createTestProcessor(counter.db, {
      webhookSecret: 'whsec_statement_counts',
      deliver: () => Promise.resolve(200),
    });
    await processor.confirm(intent.client_secret, {
      number: TEST_CARDS.succeeds,
      exp_month: 12,
      exp_year: new Date().getUTCFullYear() + 2,
      cvc: '123',
    });
    expect(statementsOf(counter.sql).map(statementKind)).toEqual([
      'select test_payment_intents for update',
      'update test_payment_intents',
      'insert test_payment_events',
    ]);

    // The shop's webhook: the order made from the event, then the same event again. The provider's own
    // read of the intent (the app's processor) is not counted here: at Stripe it is an HTTPS call.
    const service = createOrdersService(counter.db, {
      provider: ctx.app.services.payments.provider,
      log: ctx.app.log,
      rateLimiter: ctx.app.services.rateLimiter,
    });
    const [event] = await ctx.app.services.payments.testProcessor!.eventsOf(intent.payment_intent_id);
    const body = JSON.stringify(event!.payload);
    const signature = ctx.app.services.payments.testProcessor!.sign(body);
    counter.reset();
    await service.handleWebhook(body, signature);
    expect(statementsOf(counter.sql).map(statementKind)).toEqual([
      'select payments',
      'select payments for update',
      'select cart_items',
      'select shop_settings',
      'select items for update',
      'update items',
      // The order, its lines, its invoice and receipt numbers, stock, payment, cart and e-mail: one statement.
      'with numbers: insert document_sequences',
    ]);
    expect(await buyer.orders()).toHaveLength(1);
    counter.reset();
    await service.handleWebhook(body, signature);
    expect(statementsOf(counter.sql).map(statementKind)).toEqual(['select payments']);
    expect(await buyer.orders()).toHaveLength(1);
  });

  it('marks a paid payment without addresses as waiting for them in one statement per webhook', async () => {
    const buyer = await checkoutShopper(ctx);
    await setStock(ctx, 'TD-PRO-75', 1000);
    await buyer.addSku('TD-PRO-75', 1);
    // Spec 2's client: the intent with `{cart_id}` alone; the addresses come with POST orders/.
    const intent = await buyer.paidIntent({});
    const counter = countingDb(ctx.database);
    const service = createOrdersService(counter.db, {
      provider: ctx.app.services.payments.provider,
      log: ctx.app.log,
      rateLimiter: ctx.app.services.rateLimiter,
    });
    const [event] = await ctx.app.services.payments.testProcessor!.eventsOf(intent.payment_intent_id);
    const body = JSON.stringify(event!.payload);
    const signature = ctx.app.services.payments.testProcessor!.sign(body);
    for (let delivery = 0; delivery < 2; delivery++) {
      counter.reset();
      await service.handleWebhook(body, signature);
      expect(statementsOf(counter.sql).map(statementKind)).toEqual(['select payments', 'update payments']);
    }
    expect(await buyer.orders()).toHaveLength(0);
  });
});
