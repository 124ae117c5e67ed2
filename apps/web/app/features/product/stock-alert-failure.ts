import { STOCK_ALERT_MESSAGES as M } from '@shop/domain';
import { ApiError, failureReason } from '~/lib/api-client';

/**
 * What a refused stock-alert call means to the buyer: an item that came back since the page was made says so;
 * the server's own words otherwise (a field's message, a throttle); the fallback followed by why no answer came.
 */
export function stockAlertFailure(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.kind === 'response') {
    if (error.fields.item?.includes(M.inStock)) return M.backAlready;
    const fieldMessage = Object.values(error.fields).flat()[0];
    if (fieldMessage) return fieldMessage;
    return error.generic ? fallback : error.message;
  }
  const reason = failureReason(error);
  return reason ? `${fallback} ${reason}` : fallback;
}
