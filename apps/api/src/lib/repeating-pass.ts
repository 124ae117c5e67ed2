import type { FastifyBaseLogger } from 'fastify';
import { loggableError } from '../http/errors';

/**
 * A pass of background work run again and again in this process (the reconciliation, the receivables
 * schedule): the first `firstRunMs` after the start, then `intervalMs` after each pass ends, so passes never
 * overlap; the timer does not keep the process alive, and a failed pass is logged with `failure`, never
 * thrown. `pass` is told when the loop is stopping, to end early between its items. `stop()` ends the loop
 * and waits for a pass under way.
 */
export function startRepeatingPass(options: {
  pass: (shouldStop: () => boolean) => Promise<unknown>;
  intervalMs: number;
  firstRunMs: number;
  log: FastifyBaseLogger;
  failure: string;
}): { stop(): Promise<void> } {
  const { pass, intervalMs, firstRunMs, log, failure } = options;
  let stopped = false;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  const schedule = (delay: number) => {
    timer = setTimeout(run, delay);
    timer.unref();
  };
  function run() {
    if (stopped) return;
    running = pass(() => stopped)
      .then(() => undefined)
      .catch((err: unknown) => log.error({ err: loggableError(err) }, failure))
      .finally(() => {
        running = undefined;
        if (!stopped) schedule(intervalMs);
      });
  }
  schedule(firstRunMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
