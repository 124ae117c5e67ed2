import type { CatalogueReader, ProductPage } from '@shop/domain';
import { isRouteErrorResponse } from 'react-router';

/** Spec 2, §7 and §9: the product read is retried up to 3 times, 500 ms apart. */
export const PRODUCT_READ_RETRIES = 3;
export const PRODUCT_RETRY_DELAY_MS = 500;

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', stop, { once: true });
  });
}

/**
 * `read`, tried again up to 3 times 500 ms apart while it fails in a way a later try might not (`transient`);
 * any other failure, the last one, or the caller leaving (`signal`) ends it at once.
 */
export async function withProductRetries<T>(
  read: () => Promise<T>,
  transient: (error: unknown) => boolean,
  signal?: AbortSignal,
): Promise<T> {
  for (let retries = 0; ; retries++) {
    try {
      return await read();
    } catch (error) {
      if (retries >= PRODUCT_READ_RETRIES || signal?.aborted || !transient(error)) throw error;
      await pause(PRODUCT_RETRY_DELAY_MS, signal);
    }
  }
}

/**
 * The product page's data, read on the server in-process (the read behind GET products/?slug=). A missing
 * product is an answer (null, a 404), never retried; a read that throws is the server's own failure (a
 * 5xx: the database unreachable for a moment) and is tried again.
 */
export function getProductPage(
  catalogue: Pick<CatalogueReader, 'getProductPage'>,
  categorySlug: string,
  productSlug: string,
  signal?: AbortSignal,
): Promise<ProductPage | null> {
  return withProductRetries(
    () => catalogue.getProductPage(categorySlug, productSlug),
    () => true,
    signal,
  );
}

/**
 * Whether the browser's fetch of a product page's data failed on the way (no answer: a network error; or
 * a 5xx from something in front of the server). The server's own read has had its retries by then, and
 * a 4xx would only repeat.
 */
export function isTransientFetchFailure(error: unknown): boolean {
  if (isRouteErrorResponse(error)) return error.status >= 500;
  return error instanceof TypeError;
}
