// The receivables schedule: its jobs in order on one clock, failures logged, stop() awaited.
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client';
import { RECEIVABLES_JOBS, startReceivablesSchedule, type ReceivablesJob } from './schedule';

const logger = () => {
  const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  return { log, asLogger: log as unknown as FastifyBaseLogger };
};

const until = async (check: () => boolean, ms = 2000) => {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) throw new Error('not true in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

describe('startReceivablesSchedule', () => {
  it('runs the reminders, then the automatic holds, then the monthly statements, then the alerts purge', () => {
    expect(RECEIVABLES_JOBS.map((job) => job.name)).toEqual([
      'reminders',
      'holds',
      'statements',
      'spent-stock-alerts',
    ]);
  });

  it('runs each job in order on the same now, logs a failing job and runs the next, and passes again', async () => {
    const { log, asLogger } = logger();
    const seen: [string, Date][] = [];
    const jobs: ReceivablesJob[] = [
      { name: 'first', run: async ({ now }) => void seen.push(['first', now]) },
      {
        name: 'broken',
        run: async () => {
          throw new Error('boom');
        },
      },
      { name: 'last', run: async ({ now }) => void seen.push(['last', now]) },
    ];
    let tick = 0;
    const schedule = startReceivablesSchedule({
      db: {} as Db,
      log: asLogger,
      now: () => new Date(Date.UTC(2027, 0, 1 + tick++)),
      intervalMs: 10,
      firstRunMs: 0,
      jobs,
    });
    await until(() => seen.length >= 4);
    await schedule.stop();
    expect(seen.slice(0, 4).map(([name, now]) => `${name} ${now.toISOString().slice(0, 10)}`)).toEqual([
      'first 2027-01-01',
      'last 2027-01-01',
      'first 2027-01-02',
      'last 2027-01-02',
    ]);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ job: 'broken' }),
      'receivables: a scheduled job failed',
    );
  });

  it('never overlaps two passes, and stop() waits for the pass under way and ends the schedule', async () => {
    const { asLogger } = logger();
    let running = 0;
    let most = 0;
    let passes = 0;
    let release: () => void = () => {};
    const job: ReceivablesJob = {
      name: 'slow',
      run: async () => {
        running++;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => (release = resolve));
        running--;
        passes++;
      },
    };
    const schedule = startReceivablesSchedule({
      db: {} as Db,
      log: asLogger,
      intervalMs: 1,
      firstRunMs: 0,
      jobs: [job],
    });
    await until(() => running === 1);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(most).toBe(1);
    const stopped = schedule.stop();
    let done = false;
    void stopped.then(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(done).toBe(false);
    release();
    await stopped;
    expect(passes).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(passes).toBe(1);
  });
});
