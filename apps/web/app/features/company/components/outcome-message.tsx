import type { RefObject } from 'react';
import type { Outcome } from '../hooks/use-outcome';

/** The message `useOutcome` fills: a live region, focusable so the outcome can take the focus. */
export function OutcomeMessage({
  outcome,
  outcomeRef,
}: {
  outcome: Outcome | null;
  outcomeRef: RefObject<HTMLParagraphElement | null>;
}) {
  return (
    <p
      ref={outcomeRef}
      tabIndex={-1}
      className={outcome?.failed ? 'form__failure' : 'form__success'}
      role={outcome?.failed ? 'alert' : 'status'}
    >
      {outcome?.text}
    </p>
  );
}
