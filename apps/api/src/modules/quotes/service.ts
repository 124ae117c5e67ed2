import { createHash } from 'node:crypto';
import {
  discounted,
  penceFromDecimal,
  QUOTE_LIMITS,
  QUOTE_MESSAGES,
  type PageRequest,
  type QuoteAttachmentType,
  type QuoteAttachmentView,
  type QuoteRequest,
  type QuoteRow,
  type QuoteView,
} from '@shop/domain';
import type { Db } from '../../db/client';
import { BadRequest, DomainError, NotFound } from '../../http/errors';
import { pageWindow } from '../../http/pagination';
import { cappedPageCount } from '../administration/listing';
import type { CartsService } from '../carts/service';
import { enqueueEmail } from '../mail/service';
import { selectSetting } from '../settings/service';
import { acceptQuote } from './accept';
import { quoteRequestedEmail } from './emails';
import * as queries from './queries';
import { quoteRowOf, quoteView } from './views';

// The quotes module's calls for other modules.
export { insertVersion, lockQuote, lockQuoteToAccept, withdrawQuote, type LockedQuote } from './queries';

/** The files a request may carry: each type's first bytes, and the extension its stored name ends with. */
const ATTACHMENT_KINDS: Record<QuoteAttachmentType, { magic: Buffer; extensions: string[] }> = {
  'application/pdf': { magic: Buffer.from('%PDF-', 'latin1'), extensions: ['.pdf'] },
  'image/png': { magic: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), extensions: ['.png'] },
  'image/jpeg': { magic: Buffer.from([0xff, 0xd8, 0xff]), extensions: ['.jpg', '.jpeg'] },
};

/**
 * The file's type, when the declared content type is one a request takes and the bytes begin as that type's
 * files do; 415 otherwise. Both, so neither a renamed program nor a mislabelled file gets in.
 */
export function attachmentTypeOf(contentType: string | undefined, bytes: Buffer): QuoteAttachmentType {
  const declared = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  const kind = ATTACHMENT_KINDS[declared as QuoteAttachmentType] as
    (typeof ATTACHMENT_KINDS)[QuoteAttachmentType] | undefined;
  if (!kind || !bytes.subarray(0, kind.magic.length).equals(kind.magic)) {
    throw new DomainError(QUOTE_MESSAGES.attachmentType, 415);
  }
  return declared as QuoteAttachmentType;
}

/**
 * The name a file is kept under: the last part of the name given (no folders), ending with its type's
 * extension (appended when it has another), so it opens as what it is; 'attachment.pdf' when none is given.
 */
export function storedFilename(given: string | undefined, type: QuoteAttachmentType): string {
  const { extensions } = ATTACHMENT_KINDS[type];
  const base = (given ?? '').split(/[/\\]/).pop()!.trim() || 'attachment';
  if (extensions.some((extension) => base.toLowerCase().endsWith(extension))) return base;
  return `${base.slice(0, QUOTE_LIMITS.filenameLength - extensions[0]!.length)}${extensions[0]}`;
}

/** A file as an upload gives it. */
export interface UploadedFile {
  bytes: Buffer;
  contentType: string | undefined;
  filename: string | undefined;
}

/** An attachment ready to download. */
export interface AttachmentDownload {
  filename: string;
  contentType: QuoteAttachmentType;
  content: Buffer;
}

/** A page of quotes, newest first: the buyer's own (`userId`) or anyone's for staff (null). */
export async function listQuotes(
  db: Db,
  filter: queries.QuoteListFilter,
  page: PageRequest,
  now: Date = new Date(),
): Promise<{ count: number; capped: boolean; results: QuoteRow[] }> {
  const window = pageWindow(page);
  const rows = await queries.selectQuotePage(db, filter, window);
  const { count, capped } = await cappedPageCount(rows.length, window, (cap) =>
    queries.countQuotesUpTo(db, filter, cap),
  );
  return { count, capped, results: rows.map((row) => quoteRowOf(row, now)) };
}

/** One attachment's bytes: of the user's own quote, or any for staff (null); 404 otherwise. */
export async function attachmentDownload(
  db: Db,
  quoteId: number,
  attachmentId: number,
  userId: number | null,
): Promise<AttachmentDownload> {
  const row = await queries.selectAttachment(db, quoteId, attachmentId, userId);
  if (!row) throw new NotFound();
  return { filename: row.filename, contentType: row.content_type, content: row.content };
}

/**
 * Requests for quote, as the buyer makes and reads them. Every read and write names the caller:
 * another user's quote or cart answers 404, as a missing one does.
 */
export function createQuotesService(db: Db, carts: CartsService) {
  return {
    /**
     * POST quotes/: copies the caller's own cart (not a quote's) into a new request, each line at the price per
     * pack the cart charges them now after their discount (the cart's own pricing), with their note; tells the
     * shop's inbox. The cart is left as it was. The quote, its lines and the e-mail commit together.
     */
    async request(userId: number, body: QuoteRequest, now: Date = new Date()): Promise<QuoteView> {
      const cart = await queries.selectCartOfUser(db, body.cart_id, userId);
      if (!cart) throw new NotFound();
      if (cart.quoteId !== null) throw new BadRequest(QUOTE_MESSAGES.quoteCart);
      const { items } = await carts.getCart(userId, cart.id);
      if (items.length === 0) throw new BadRequest(QUOTE_MESSAGES.emptyCart);
      if (items.length > QUOTE_LIMITS.lines) throw new BadRequest(QUOTE_MESSAGES.tooManyLines);
      const lines = items.map((line): queries.RequestedLine => ({
        itemId: line.item.id,
        sku: line.item.sku,
        title: line.item.title,
        packs: line.pack_quantity,
        unitType: line.unit_type,
        unitsPerPack: line.item.units_per_pack,
        listPricePence: discounted(penceFromDecimal(line.price_per_pack), line.discount_percentage),
      }));
      const quoteId = await db.transaction(async (tx) => {
        const id = await queries.insertQuote(tx, userId, body.note, lines);
        const shop = await selectSetting(tx, 'contact');
        await enqueueEmail(tx, quoteRequestedEmail(shop.email, id, userId, lines));
        return id;
      });
      return quoteView(db, quoteId, userId, now);
    },

    /** GET quotes/: the caller's, newest first. */
    list: (userId: number, page: PageRequest, now: Date = new Date()) =>
      listQuotes(db, { userId }, page, now),

    /** GET quotes/{id}/ */
    get: (userId: number, quoteId: number, now: Date = new Date()) => quoteView(db, quoteId, userId, now),

    /** POST quotes/{id}/accept/: the quote's own cart, to pay at the quoted prices (accept.ts). */
    accept: (userId: number, quoteId: number, version: number | undefined) =>
      acceptQuote(db, userId, quoteId, version),

    /**
     * POST quotes/{id}/attachments/: a PDF, PNG or JPEG (checked by its declared type and its first bytes), kept
     * while the quote is still a request, at most QUOTE_LIMITS.attachmentsPerQuote of them. The quote's row is
     * locked first, so two uploads at once cannot pass the limit and none lands after the quote is sent.
     */
    async attach(userId: number, quoteId: number, file: UploadedFile): Promise<QuoteAttachmentView> {
      const contentType = attachmentTypeOf(file.contentType, file.bytes);
      return db.transaction(async (tx) => {
        const quote = await queries.lockQuote(tx, quoteId, userId);
        if (!quote) throw new NotFound();
        if (quote.status !== 'requested') {
          throw new BadRequest(QUOTE_MESSAGES.attachmentsClosed);
        }
        const kept = await queries.insertAttachment(
          tx,
          {
            quoteId,
            filename: storedFilename(file.filename, contentType),
            contentType,
            content: file.bytes,
            sha256: createHash('sha256').update(file.bytes).digest('hex'),
          },
          QUOTE_LIMITS.attachmentsPerQuote,
        );
        if (!kept) throw new BadRequest(QUOTE_MESSAGES.tooManyAttachments);
        return kept;
      });
    },

    /** GET quotes/{id}/attachments/{aid}/ */
    attachment: (userId: number, quoteId: number, attachmentId: number) =>
      attachmentDownload(db, quoteId, attachmentId, userId),
  };
}

export type QuotesService = ReturnType<typeof createQuotesService>;
