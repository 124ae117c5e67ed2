/** Quotes as the API answers them (packages/domain/src/quotes/schemas.ts). */
import type { QuoteLineView, QuoteRow, QuoteView } from '@shop/domain';

export function quoteLine(overrides: Partial<QuoteLineView> = {}): QuoteLineView {
  return {
    id: 301,
    item: 11,
    sku: 'PW-HAND-400-CL',
    title: 'Clear Hand Pallet Wrap 400mm x 250m',
    packs: 40,
    unit_type: 'pack',
    units_per_pack: 6,
    list_price_per_pack: '29.94',
    price_per_pack: null,
    previous_price_per_pack: null,
    total: null,
    ...overrides,
  };
}

const TAPE = { id: 302, item: 12, sku: 'TAPE-48-BRN', title: 'Brown packing tape 48mm', packs: 10 };

/** A request just made: two lines at list price, the buyer's note and one file, not priced yet. */
export function requestedQuote(overrides: Partial<QuoteView> = {}): QuoteView {
  return {
    id: 12,
    number: 'Q-000012',
    status: 'requested',
    can_accept: false,
    refusal: 'This quote has not been priced yet.',
    note: 'Monthly volume 40 pallets.',
    created_at: '2026-11-20T09:30:00Z',
    customer: { id: 7, name: 'Ann Smith', email: 'ann@acme.example', company: 'Acme Packaging' },
    lines: [quoteLine(), quoteLine({ ...TAPE, list_price_per_pack: '12.00' })],
    version: 0,
    expires_on: null,
    delivery: null,
    subtotal: null,
    vat: 20,
    vat_amount: null,
    total: null,
    message: '',
    versions: [],
    attachments: [{ id: 91, filename: 'logo.pdf', content_type: 'application/pdf', size: 250_000 }],
    accepted_version: null,
    cart_id: null,
    order_id: null,
    ...overrides,
  };
}

/**
 * A quote revised once: version 1 priced the wrap at £27.50, version 2 at £26.00 with the tape unchanged at
 * £11.00; £45.00 delivery; good until the end of 2099.
 */
export function sentQuote(overrides: Partial<QuoteView> = {}): QuoteView {
  return requestedQuote({
    status: 'sent',
    can_accept: true,
    refusal: null,
    lines: [
      quoteLine({ price_per_pack: '26.00', previous_price_per_pack: '27.50', total: '1040.00' }),
      quoteLine({ ...TAPE, list_price_per_pack: '12.00', price_per_pack: '11.00', total: '110.00' }),
    ],
    version: 2,
    expires_on: '2099-12-31',
    delivery: '45.00',
    subtotal: '1150.00',
    vat_amount: '239.00',
    total: '1434.00',
    message: 'Version 2: a better price on the wrap.',
    versions: [
      {
        version: 1,
        sent_at: '2026-11-21T10:00:00Z',
        expires_on: '2026-12-05',
        delivery: '45.00',
        subtotal: '1210.00',
        vat_amount: '251.00',
        total: '1506.00',
        message: 'Here is your quote.',
      },
      {
        version: 2,
        sent_at: '2026-11-22T10:00:00Z',
        expires_on: '2099-12-31',
        delivery: '45.00',
        subtotal: '1150.00',
        vat_amount: '239.00',
        total: '1434.00',
        message: 'Version 2: a better price on the wrap.',
      },
    ],
    ...overrides,
  });
}

/** The same quote past its expiry day (in 2020, whatever the machine's clock says). */
export const expiredQuote = (overrides: Partial<QuoteView> = {}) =>
  sentQuote({
    can_accept: false,
    refusal: 'This quote expired on 5 December 2020. Ask us for a new one.',
    expires_on: '2020-12-05',
    ...overrides,
  });

/** Accepted: its own cart (77) waits to be paid. */
export const acceptedQuote = (overrides: Partial<QuoteView> = {}) =>
  sentQuote({ status: 'accepted', can_accept: false, accepted_version: 2, cart_id: 77, ...overrides });

/** Ordered: it became order 501. */
export const orderedQuote = (overrides: Partial<QuoteView> = {}) =>
  sentQuote({
    status: 'ordered',
    can_accept: false,
    refusal: 'This quote has already been ordered.',
    accepted_version: 2,
    cart_id: 77,
    order_id: 501,
    ...overrides,
  });

/** A quote as the lists answer it (`QuoteRow`: its lines counted, no prices or versions). */
export const quoteRow = (quote: QuoteView): QuoteRow => ({
  id: quote.id,
  number: quote.number,
  status: quote.status,
  can_accept: quote.can_accept,
  refusal: quote.refusal,
  created_at: quote.created_at,
  customer: quote.customer,
  lines: quote.lines.length,
  version: quote.version,
  expires_on: quote.expires_on,
  total: quote.total,
});

export const quotePage = (
  results: QuoteView[],
  more: { next?: string | null; previous?: string | null } = {},
) => ({
  count: results.length,
  next: more.next ?? null,
  previous: more.previous ?? null,
  results: results.map(quoteRow),
});
