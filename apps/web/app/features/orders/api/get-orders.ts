import { ORDER_MESSAGES, type OrderView } from '@shop/domain';
import { ApiError, request } from '~/lib/api-client';

export interface OrdersPage {
  orders: OrderView[];
  /** The next page's address; null on the last page (and for a plain array). */
  next: string | null;
}

/** The answer was neither a list of orders nor a page of them. */
export class InvalidOrdersResponse extends Error {
  override readonly name = 'InvalidOrdersResponse';
  constructor() {
    super(ORDER_MESSAGES.invalidResponse);
  }
}

/** A page of orders as the spec allows it (spec 2, §7): DRF's `{results, next}` or a plain array. */
export function ordersPageOf(body: unknown): OrdersPage {
  if (Array.isArray(body)) return { orders: body as OrderView[], next: null };
  if (typeof body === 'object' && body !== null) {
    const { results, next } = body as { results?: unknown; next?: unknown };
    if (Array.isArray(results)) {
      return { orders: results as OrderView[], next: typeof next === 'string' && next ? next : null };
    }
  }
  throw new InvalidOrdersResponse();
}

/** One page of the customer's orders, newest first (GET orders/, then each `next`). */
export async function getOrders(path = 'orders/', signal?: AbortSignal): Promise<OrdersPage> {
  return ordersPageOf(await request<unknown>(path, { signal }));
}

/** What the order list says when its orders could not be read (spec 2, §2 and §8). */
export function ordersFailure(error: unknown): string {
  if (error instanceof InvalidOrdersResponse) return ORDER_MESSAGES.invalidResponse;
  if (error instanceof ApiError && error.status === 401) return ORDER_MESSAGES.loginToView;
  return ORDER_MESSAGES.loadFailed;
}
