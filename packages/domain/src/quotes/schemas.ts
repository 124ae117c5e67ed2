import { z } from 'zod';
import { poundsSchema } from '../companies/schemas';
import { DaySchema } from '../receivables/schemas';

/**
 * Requests for quote: a buyer sends their cart with a note and artwork; staff price each line (or
 * give a discount), add delivery and an expiry day, and send a version; the buyer accepts the latest version
 * and checks it out at the quoted prices, by card or on account. The API's calls:
 * - `POST quotes/ {cart_id, note}` → 201 QuoteView (the cart is copied, and kept as it was);
 * - `POST quotes/{id}/attachments/` with the file as the body (`content-type` application/pdf, image/png or
 *   image/jpeg; `?filename=`), at most QUOTE_LIMITS.attachmentBytes (413 above), only while `requested`;
 *   → 201 QuoteAttachmentView; `GET quotes/{id}/attachments/{aid}/` downloads one;
 * - `GET quotes/` (the caller's, paged QuoteRow) and `GET quotes/{id}/` → QuoteView;
 *   `GET quotes/{id}/quote.pdf?version=` (the latest by default);
 * - `POST quotes/{id}/accept/ {version?}` → QuoteAcceptResult: the quote's own cart to pay;
 * - staff: `GET administration/quotes/?status=` (paged QuoteRow), `GET administration/quotes/{id}/`,
 *   `POST administration/quotes/{id}/send/` QuoteSendSchema → QuoteView,
 *   `POST administration/quotes/{id}/withdraw/` → QuoteView, and the same downloads under administration/.
 */
export const QUOTE_LIMITS = {
  noteLength: 2000,
  messageLength: 2000,
  attachmentBytes: 10 * 1024 * 1024,
  attachmentsPerQuote: 5,
  filenameLength: 120,
  /** The most lines a request may have (a send prices each one). */
  lines: 200,
  /** The latest expiry staff may set, days after today. */
  expiryDays: 365,
  /** The most a line may be quoted at per pack, pence (£100,000). */
  maxPricePence: 10_000_000,
  /** The most delivery may be quoted at, pence (£100,000). */
  maxDeliveryPence: 10_000_000,
} as const;

export const QUOTE_ATTACHMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export type QuoteAttachmentType = (typeof QUOTE_ATTACHMENT_TYPES)[number];

export const QUOTE_STATUSES = ['requested', 'sent', 'accepted', 'ordered', 'withdrawn'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

export const QUOTE_MESSAGES = {
  emptyCart: 'Your cart is empty: add the items you want priced first.',
  quoteCart: 'This cart is already a quote.',
  tooManyLines: `A request can have at most ${QUOTE_LIMITS.lines} lines: split your cart into two requests.`,
  noteTooLong: `A note has at most ${QUOTE_LIMITS.noteLength.toLocaleString('en-GB')} characters.`,
  messageTooLong: `A message has at most ${QUOTE_LIMITS.messageLength.toLocaleString('en-GB')} characters.`,
  attachmentType: 'Attach a PDF, PNG or JPEG file.',
  attachmentTooLarge: 'A file can be at most 10 MB.',
  tooManyAttachments: `A request can have at most ${QUOTE_LIMITS.attachmentsPerQuote} files.`,
  attachmentsClosed: 'Files can only be added before the quote is sent.',
  filename: `A file name has at most ${QUOTE_LIMITS.filenameLength} characters.`,
  filenameCharacters:
    'A file name cannot contain control characters or text-direction marks (such as U+202E, which shows a name backwards).',
  priceRange: 'Enter a price from £0.00 to £100,000.00 per pack.',
  deliveryRange: 'Enter a delivery price from £0.00 to £100,000.00.',
  discountRange: 'Enter a discount from 0 to 100 percent.',
  linesMismatch: 'Price every line of the request, once each.',
  expiryPast: 'The expiry day must be today or later.',
  expiryTooFar: `The expiry day must be within ${QUOTE_LIMITS.expiryDays} days.`,
  notSendable: 'This quote can no longer be changed: it has been accepted or withdrawn.',
  notWithdrawable: 'This quote has been ordered: it can no longer be withdrawn.',
  notSent: 'This quote has not been priced yet.',
  expired: (day: string) => `This quote expired on ${day}. Ask us for a new one.`,
  superseded: (latest: number) => `This quote has been revised: version ${latest} is the one to accept.`,
  alreadyOrdered: 'This quote has already been ordered.',
  withdrawn: 'This quote has been withdrawn.',
  /** A quote cart's card payment taken after the quote was withdrawn or expired (`why`: which). */
  paidAfterLapse: (why: string) =>
    `${why} Your payment was taken after that, so no order was placed and the payment has been refunded in full.`,
  quoteCartLocked: 'This cart holds a quote at fixed prices: its lines cannot be changed.',
  itemsGone: 'An item of this quote is no longer sold. Ask us for a new quote.',
} as const;

/** POST quotes/: the cart to be priced and what the buyer wants us to know. */
export const QuoteRequestSchema = z
  .object({
    cart_id: z.number().int().positive().max(2_147_483_647),
    note: z
      .string()
      .trim()
      .max(QUOTE_LIMITS.noteLength, { message: QUOTE_MESSAGES.noteTooLong })
      .optional()
      .default(''),
  })
  .strict();
export type QuoteRequest = z.infer<typeof QuoteRequestSchema>;

/**
 * Characters a file name may not hold: controls (`Cc`: C0 and C1 controls and DEL) and the marks that change the
 * direction text is shown in (`Bidi_Control`: embeddings and overrides U+202A-U+202E, isolates U+2066-U+2069,
 * the LRM, RLM and Arabic letter mark), with which `logo\u202Egpj.pdf` shows as `logofdp.jpg` on staff's screen.
 */
const UNSAFE_NAME_CHARACTERS = /[\p{Cc}\p{Bidi_Control}]/u;

/** POST quotes/{id}/attachments/?filename=: the file's name as the buyer's computer had it (optional). */
export const QuoteAttachmentQuerySchema = z
  .object({
    filename: z
      .string()
      .trim()
      .min(1, QUOTE_MESSAGES.filename)
      .max(QUOTE_LIMITS.filenameLength, QUOTE_MESSAGES.filename)
      .refine((name) => !UNSAFE_NAME_CHARACTERS.test(name), QUOTE_MESSAGES.filenameCharacters)
      .optional(),
  })
  .strict();

/** POST quotes/{id}/accept/: the version the buyer saw (absent: the latest). */
export const QuoteAcceptSchema = z
  .object({ version: z.number().int().positive().max(1000).optional() })
  .strict();

/** POST administration/quotes/{id}/send/: a new version. */
export const QuoteSendSchema = z
  .object({
    lines: z
      .array(
        z
          .object({
            id: z.number().int().positive().max(2_147_483_647),
            price_per_pack: poundsSchema(0, QUOTE_LIMITS.maxPricePence, QUOTE_MESSAGES.priceRange),
          })
          .strict(),
      )
      .min(1, QUOTE_MESSAGES.linesMismatch)
      .max(QUOTE_LIMITS.lines, QUOTE_MESSAGES.linesMismatch),
    /** Taken off every line's price after the prices above, percent (0-100, two decimals). */
    discount_percentage: z
      .number({ message: QUOTE_MESSAGES.discountRange })
      .min(0, QUOTE_MESSAGES.discountRange)
      .max(100, QUOTE_MESSAGES.discountRange)
      .optional()
      .default(0),
    delivery: poundsSchema(0, QUOTE_LIMITS.maxDeliveryPence, QUOTE_MESSAGES.deliveryRange)
      .optional()
      .default(0),
    expires_on: DaySchema,
    message: z
      .string()
      .trim()
      .max(QUOTE_LIMITS.messageLength, { message: QUOTE_MESSAGES.messageTooLong })
      .optional()
      .default(''),
  })
  .strict();
export type QuoteSend = z.infer<typeof QuoteSendSchema>;

const money = z.string().meta({ description: 'Pounds as a decimal string, e.g. "12.50".' });

export const QuoteLineViewSchema = z.object({
  id: z.number().int(),
  /** Null once the item is deleted. */
  item: z.number().int().nullable(),
  sku: z.string(),
  title: z.string(),
  packs: z.number().int(),
  unit_type: z.enum(['pack', 'pallet']),
  units_per_pack: z.number().int(),
  /** The catalogue's price per pack for the buyer when they asked. */
  list_price_per_pack: money,
  /** The latest version's price per pack; null before the first is sent. */
  price_per_pack: money.nullable(),
  /** The version before's price per pack, when there is one and it differs: what changed. */
  previous_price_per_pack: money.nullable(),
  /** packs × price_per_pack; null before the first version. */
  total: money.nullable(),
});
export type QuoteLineView = z.infer<typeof QuoteLineViewSchema>;

export const QuoteVersionViewSchema = z.object({
  version: z.number().int(),
  sent_at: z.string(),
  expires_on: z.string(),
  delivery: money,
  subtotal: money,
  vat_amount: money,
  total: money,
  message: z.string(),
});

export const QuoteAttachmentViewSchema = z.object({
  id: z.number().int(),
  filename: z.string(),
  content_type: z.enum(QUOTE_ATTACHMENT_TYPES),
  /** Bytes. */
  size: z.number().int(),
});
export type QuoteAttachmentView = z.infer<typeof QuoteAttachmentViewSchema>;

/** Who asked: the buyer's account and their company (its trading name), if any. */
const QuoteCustomerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
});

export const QuoteViewSchema = z.object({
  id: z.number().int(),
  /** 'Q-000012' */
  number: z.string(),
  status: z.enum(QUOTE_STATUSES),
  /** True when the latest version is sent, in date and not yet accepted or ordered. */
  can_accept: z.boolean(),
  /** Why it cannot be ordered now, in the buyer's words (expired, withdrawn, ordered); null otherwise. */
  refusal: z.string().nullable(),
  note: z.string(),
  created_at: z.string(),
  customer: QuoteCustomerSchema,
  lines: z.array(QuoteLineViewSchema),
  /** The latest version sent (0: not priced yet) and its figures; null figures before it. */
  version: z.number().int(),
  expires_on: z.string().nullable(),
  delivery: money.nullable(),
  subtotal: money.nullable(),
  vat: z.number(),
  vat_amount: money.nullable(),
  total: money.nullable(),
  message: z.string(),
  versions: z.array(QuoteVersionViewSchema),
  attachments: z.array(QuoteAttachmentViewSchema),
  accepted_version: z.number().int().nullable(),
  /** The quote's own cart once accepted, and the order it became. */
  cart_id: z.number().int().nullable(),
  order_id: z.number().int().nullable(),
});
export type QuoteView = z.infer<typeof QuoteViewSchema>;

/**
 * A quote in a list (`GET quotes/`, the buyer's; `GET administration/quotes/`, staff's), newest first: its
 * state and the latest version's total and expiry (null before the first is sent).
 */
export const QuoteRowSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.enum(QUOTE_STATUSES),
  can_accept: z.boolean(),
  refusal: z.string().nullable(),
  created_at: z.string(),
  customer: QuoteCustomerSchema,
  lines: z.number().int(),
  version: z.number().int(),
  expires_on: z.string().nullable(),
  total: money.nullable(),
});
export type QuoteRow = z.infer<typeof QuoteRowSchema>;

/** POST quotes/{id}/accept/: the quote, and its cart to pay at /checkout?cart={cart_id}. */
export const QuoteAcceptResultSchema = z.object({
  quote: QuoteViewSchema,
  cart_id: z.number().int(),
  checkout_url: z.string(),
});
export type QuoteAcceptResult = z.infer<typeof QuoteAcceptResultSchema>;

/** 'Q-000012' */
export const quoteNumber = (id: number) => `Q-${String(id).padStart(6, '0')}`;

/**
 * A quoted price per pack after the version's discount, pence, rounded half-up once: what the quote's cart
 * charges per pack.
 */
export function quotedPackPence(pricePence: number, discountPercentage: number): number {
  if (discountPercentage === 0) return pricePence;
  return Math.round((pricePence * (10_000 - Math.round(discountPercentage * 100))) / 10_000);
}
