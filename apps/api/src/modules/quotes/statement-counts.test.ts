// The quotes' calls in a fixed, small number of statements, whatever the number of lines. Counted at the
// services, so the route's session check (one statement on every authenticated call) is not in these lists.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helper';
import { countingDb, statementKind, statementsOf, TEN_PACK_SKUS } from '../../../test/query-counter';
import { staffMember, type StaffMember } from '../../../test/support/administration';
import { FILES, quoteBuyer, sendBody } from '../../../test/support/quotes';
import { createQuotesAdminService } from '../administration/quotes/service';
import { createCartsService } from '../carts/service';
import { createQuotesService } from './service';

let ctx: TestContext;
let staff: StaffMember;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await staffMember(ctx, 'staff', 'quote-counter');
});
afterAll(() => ctx.close());

/** The statements sent since the last call, by kind, with how many BEGIN and COMMIT went with them. */
function counted(counter: ReturnType<typeof countingDb>) {
  const kinds = statementsOf(counter.sql).map(statementKind);
  const control = counter.sql.length - kinds.length;
  counter.reset();
  return { kinds, control };
}

/** BEGIN and COMMIT of a write's transaction, when the driver logs them (node-postgres does). */
const control = () => (ctx.database.kind === 'postgres' ? 2 : 0);

describe('statements the quotes send', () => {
  it('asks for a ten-line quote, reads it, attaches a file and sends it, each in a fixed few statements', async () => {
    const buyer = await quoteBuyer(
      ctx,
      'counted',
      TEN_PACK_SKUS.map((sku) => [sku, 1]),
    );
    const counter = countingDb(ctx.database);
    const quotes = createQuotesService(counter.db, createCartsService(counter.db));
    const admin = createQuotesAdminService(counter.db, { publicUrl: 'http://localhost:3000' });

    // The cart checked (not a quote's), priced as its page prices it (its owner, lines, settings), the quote
    // and its lines in one statement, the shop's address and its e-mail, then the quote's view.
    const quote = await quotes.request(buyer.userId, { cart_id: buyer.cartId, note: 'Ten lines' });
    expect(quote.lines).toHaveLength(10);
    expect(counted(counter)).toEqual({
      kinds: [
        'select carts',
        'select carts',
        'select cart_items',
        'select shop_settings',
        'with quote: insert quotes',
        'select shop_settings',
        'insert outbound_emails',
        'select quotes',
      ],
      control: control(),
    });

    await quotes.get(buyer.userId, quote.id);
    expect(counted(counter)).toEqual({ kinds: ['select quotes'], control: 0 });

    await quotes.list(buyer.userId, { page: 1, page_size: 20 });
    expect(counted(counter)).toEqual({ kinds: ['select quotes'], control: 0 });

    await quotes.attach(buyer.userId, quote.id, {
      bytes: FILES.pdf,
      contentType: 'application/pdf',
      filename: 'spec.pdf',
    });
    expect(counted(counter)).toEqual({
      kinds: ['select quotes for update', 'insert quote_attachments'],
      control: control(),
    });

    // The quote locked with its lines, the VAT rate, the version and the quote's new state in one statement,
    // the audit entry, the buyer's e-mail; then the view.
    await admin.send({ id: staff.userId, email: staff.email }, quote.id, {
      ...sendBody(quote),
      lines: quote.lines.map((line) => ({ id: line.id, price_per_pack: 1000 })),
      discount_percentage: 0,
      delivery: 0,
      message: '',
    });
    expect(counted(counter)).toEqual({
      kinds: [
        'select quotes for update',
        'select shop_settings',
        'with sent: insert quote_versions',
        'insert audit_log',
        'insert outbound_emails',
        'select quotes',
      ],
      control: control(),
    });

    await admin.get(quote.id);
    expect(counted(counter)).toEqual({ kinds: ['select quotes'], control: 0 });
  });
});
