import { useEffect, useRef, useState } from 'react';

export interface Outcome {
  text: string;
  /** A failure is shown as an alert, a success as a status. */
  failed: boolean;
}

/**
 * What an action ended with, said in a message that takes the focus once drawn, so a keyboard or screen
 * reader user hears the outcome where the button they pressed may have gone.
 */
export function useOutcome() {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const ref = useRef<HTMLParagraphElement>(null);
  const pending = useRef(false);

  useEffect(() => {
    if (!pending.current || !outcome) return;
    pending.current = false;
    ref.current?.focus();
  }, [outcome]);

  const say = (text: string, failed = false) => {
    pending.current = true;
    setOutcome({ text, failed });
  };
  const clear = () => setOutcome(null);
  return { outcome, say, clear, ref };
}
