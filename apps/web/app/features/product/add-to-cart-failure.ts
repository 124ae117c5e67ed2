import { CART_MESSAGES, parseInsufficientStock } from '@shop/domain';
import { ApiError, cleanMessage } from '~/lib/api-client';

/** What a refused add-to-cart means for the page: the message to show and the stock limits named. */
export interface AddToCartFailure {
  message: string;
  /** Items an insufficient-stock detail named, by SKU; the page resets them to 0 (spec 2, §4). */
  outOfStock: { sku: string; available: number }[];
}

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function messagesOf(value: unknown): string[] {
  if (typeof value === 'string') return [cleanMessage(value)].filter(Boolean);
  if (typeof value === 'number') return [String(value)];
  if (Array.isArray(value)) return value.flatMap(messagesOf);
  if (isObject(value)) return Object.values(value).flatMap(messagesOf);
  return [];
}

/** A detail that is itself JSON (or a Python dict's repr), as some back ends send field errors. */
function parseObject(text: string): JsonObject | null {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{')) return null;
  for (const candidate of [trimmed, trimmed.replace(/'/g, '"')]) {
    try {
      const parsed: unknown = JSON.parse(candidate);
      if (isObject(parsed)) return parsed;
    } catch {
      // Not JSON; try the next reading.
    }
  }
  return null;
}

/** Field errors as the spec shows them: pack_quantity messages joined with spaces, else 'field: messages' lines. */
function fieldMessage(fields: JsonObject): string {
  if (fields.pack_quantity !== undefined) return messagesOf(fields.pack_quantity).join(' ');
  return Object.entries(fields)
    .map(([field, value]) => {
      const messages = messagesOf(value);
      if (messages.length === 0) return '';
      return field === 'non_field_errors' || field === 'detail'
        ? messages.join(' ')
        : `${field}: ${messages.join(' ')}`;
    })
    .filter(Boolean)
    .join('\n');
}

/** The message of an error body: a detail (plain or JSON), field errors, or per-line errors of the array. */
function bodyMessage(body: unknown): string {
  if (typeof body === 'string') return cleanMessage(body);
  if (Array.isArray(body)) {
    // One entry per posted line; the lines without a problem are empty objects.
    return body.map(bodyMessage).filter(Boolean).join('\n');
  }
  if (!isObject(body)) return '';
  if (typeof body.detail === 'string') {
    const parsed = parseObject(body.detail);
    return parsed ? fieldMessage(parsed) : cleanMessage(body.detail);
  }
  if (isObject(body.detail)) return fieldMessage(body.detail);
  const { code: _code, ...fields } = body;
  return fieldMessage(fields);
}

/**
 * Reads a failed POST cart-items/ (spec 2, §8 Add to cart): the server's detail text; a detail that is
 * JSON with pack_quantity messages shows them joined with spaces; other field errors show as
 * 'field: messages' lines; no answer, or nothing readable, gives the spec's fallback.
 */
export function addToCartFailure(error: unknown): AddToCartFailure {
  let message = '';
  if (error instanceof ApiError) {
    message =
      error.kind === 'response'
        ? bodyMessage(error.body) || (error.generic ? '' : error.message)
        : error.message;
  }
  message ||= CART_MESSAGES.addFailed;
  // One stock problem per sentence; several may be joined on a line.
  const outOfStock = message
    .split(/\n|(?<=\.)\s+/)
    .map((line) => parseInsufficientStock(line))
    .filter((found) => found !== null);
  return { message, outOfStock };
}
