import type { QuickOrderCheckResult, QuickOrderLine } from '@shop/domain';
import { useEffect, useState } from 'react';
import { failureReason, isAbortError } from '~/lib/api-client';
import { checkQuickOrder } from '~/features/commerce/api/check-quick-order';

/** How long after the last keystroke the lines are checked (pastes and uploads are checked at once). */
export const CHECK_DEBOUNCE_MS = 300;

/** The page's message when the lines could not be checked. */
export const CHECK_FAILED = 'Could not check your lines. Please try again.';

/** The state of the check, for the lines it was made for (`key`). */
export type CheckState =
  | { status: 'idle' }
  | { status: 'checking'; key: string }
  | { status: 'checked'; key: string; result: QuickOrderCheckResult }
  | { status: 'failed'; key: string; message: string };

const IDLE: CheckState = { status: 'idle' };

/** The lines as one comparable text: a check belongs to exactly these lines, in this order. */
export const linesKey = (lines: readonly QuickOrderLine[]) =>
  lines.length === 0 ? '' : JSON.stringify(lines);

/**
 * Checks the lines with ONE request for all of them, `delayMs` after they last changed (0: at once); a
 * newer set of lines cancels the older one's pending or running check. `recheck` asks again for the
 * same lines (after the cart refused them, say). `latest` is the last answer, even for other lines.
 */
export function useQuickOrderCheck(lines: readonly QuickOrderLine[], delayMs: number) {
  const key = linesKey(lines);
  const [state, setState] = useState<CheckState>(IDLE);
  const [latest, setLatest] = useState<QuickOrderCheckResult | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (key === '') return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setState({ status: 'checking', key });
      checkQuickOrder(JSON.parse(key) as QuickOrderLine[], controller.signal).then(
        (result) => {
          setState({ status: 'checked', key, result });
          setLatest(result);
        },
        (error: unknown) => {
          if (isAbortError(error)) return;
          const reason = failureReason(error);
          setState({ status: 'failed', key, message: reason ? `${CHECK_FAILED} ${reason}` : CHECK_FAILED });
        },
      );
    }, delayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, delayMs, attempt]);

  const current: CheckState = key === '' ? IDLE : state.status !== 'idle' && state.key === key ? state : IDLE;
  return { key, state: current, latest, recheck: () => setAttempt((count) => count + 1) };
}
