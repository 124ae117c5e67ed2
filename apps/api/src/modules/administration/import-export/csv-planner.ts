import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { CatalogueRequest, CatalogueRows, PlanAnswer, PlanTask } from './csv-plan-worker';

/**
 * The worker's module: beside this file when it runs as TypeScript (`npm run dev`, vitest), and beside
 * dist/server.js once built, where this code is bundled and build.mjs writes the worker as its own entry,
 * dist/csv-plan-worker.js.
 */
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const WORKER_FILE = new URL(`./csv-plan-worker.${FROM_SOURCE ? 'ts' : 'js'}`, import.meta.url);

/**
 * A worker thread starts with its parent's Node options: under `npm run dev` they load tsx already. Under vitest
 * they do not, and the TypeScript worker needs it.
 */
const WORKER_EXEC_ARGV =
  FROM_SOURCE && !process.execArgv.some((arg) => arg.includes('tsx'))
    ? [...process.execArgv, '--import', 'tsx']
    : undefined;

/** A thread idle this long ends; the next import starts another (tens of milliseconds once built). */
const IDLE_THREAD_MS = 60_000;

/** One file being planned in the worker. */
export interface PlanJob {
  /** What the file names, once the worker has read it; null when its answer needs no catalogue rows. */
  named: Promise<CatalogueRequest | null>;
  /**
   * Hands the worker the catalogue rows it asked for (null: they could not be read, and the task ends) and
   * resolves with its answer. Call it once `named` has resolved, whatever it was, and on any failure before: the
   * worker waits for its rows until then. Calls after the first only answer the same.
   */
  finish(catalogue: CatalogueRows): Promise<PlanAnswer>;
}

/**
 * Parses and plans catalogue CSV files in a worker thread (piscina), so a 10 MB file costs the event loop
 * nothing but copying its bytes and the answer. One thread: the service takes one import at a time. The pool
 * starts with the first import; `close` ends it (the app's onClose).
 */
export function createCsvPlanner() {
  let pool: Piscina<PlanTask, PlanAnswer> | null = null;
  let tasksRun = 0;

  return {
    start(task: Omit<PlanTask, 'port'>): PlanJob {
      pool ??= new Piscina({
        filename: WORKER_FILE.href,
        minThreads: 0,
        maxThreads: 1,
        idleTimeout: IDLE_THREAD_MS,
        ...(WORKER_EXEC_ARGV ? { execArgv: WORKER_EXEC_ARGV } : {}),
      });
      const { port1, port2 } = new MessageChannel();
      const asked = new Promise<CatalogueRequest>((resolve) => port1.once('message', resolve));
      // The body is copied, not transferred: a small Buffer shares its memory with others in Node's pool.
      const done = pool
        .run({ ...task, port: port2 }, { transferList: [port2] })
        .then((answer) => {
          tasksRun += 1;
          return answer;
        })
        .finally(() => port1.close());
      let finished = false;
      return {
        named: Promise.race([asked, done.then(() => null)]),
        finish(catalogue) {
          if (!finished) port1.postMessage(catalogue);
          finished = true;
          return done;
        },
      };
    },

    /** Plans a file, reading what it names with `read`; for work that needs no transaction around the read. */
    async plan(
      task: Omit<PlanTask, 'port'>,
      read: (named: CatalogueRequest) => Promise<NonNullable<CatalogueRows>>,
    ): Promise<PlanAnswer> {
      const job = this.start(task);
      const named = await job.named;
      if (named === null) return job.finish(null);
      let catalogue: CatalogueRows;
      try {
        catalogue = await read(named);
      } catch (error) {
        // The worker ends its task; the read's error is the one to report.
        await job.finish(null).catch(() => undefined);
        throw error;
      }
      return job.finish(catalogue);
    },

    /** Tasks the worker pool has completed (the tests check that the work went there). */
    get tasksRun() {
      return tasksRun;
    },

    /** Ends the worker thread; the next import starts another. */
    async close(): Promise<void> {
      const closing = pool;
      pool = null;
      await closing?.destroy();
    },
  };
}

export type CsvPlanner = ReturnType<typeof createCsvPlanner>;
