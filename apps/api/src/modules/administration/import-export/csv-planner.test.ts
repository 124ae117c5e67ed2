import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/helper';
import { itemBySku } from '../../../../test/support/carts';
import { staffMember } from '../../../../test/support/administration';
import { createCsvPlanner } from './csv-planner';
import { createImportExportService } from './service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('the preview and apply run off the event loop', () => {
  it('parses and plans the file in a worker thread, for the preview and the apply', async () => {
    const staff = await staffMember(ctx, 'staff', 'worker-thread');
    const wrap = await itemBySku(ctx, 'PW-HAND-400-CL');
    const planner = createCsvPlanner();
    try {
      const service = createImportExportService(ctx.database.db, {
        rateLimiter: ctx.app.services.rateLimiter,
        publicUrl: 'http://localhost:3000',
        planner,
      });
      const actor = { id: staff.userId, email: 'worker-thread@example.com' };
      const csv = Buffer.from(`sku,stock\nPW-HAND-400-CL,${wrap.stock + 3}\n`);
      const answer = await service.preview(csv, actor);
      expect(answer.counts).toMatchObject({ update: 1, errors: 0 });
      expect(planner.tasksRun).toBe(1);
      const applied = await service.apply(csv, answer.sha256, actor);
      expect(applied.counts.update).toBe(1);
      expect(planner.tasksRun).toBe(2);
      expect((await itemBySku(ctx, 'PW-HAND-400-CL')).stock).toBe(wrap.stock + 3);
    } finally {
      await planner.close();
    }
  });

  it('ends the worker’s task when the catalogue cannot be read, so the next file is planned', async () => {
    const planner = createCsvPlanner();
    try {
      const file = { body: Buffer.from('sku\nPW-HAND-400-CL\n'), previewedSha256: null };
      const failure = new Error('the database went away');
      await expect(planner.plan(file, () => Promise.reject(failure))).rejects.toBe(failure);
      // One thread: a task left waiting for its rows would hold this one back for good.
      const answer = await planner.plan(file, async () => ({ existing: new Map(), variants: new Map() }));
      expect(answer).toMatchObject({ preview: { rows: 1 } });
      expect(planner.tasksRun).toBe(2);
    } finally {
      await planner.close();
    }
  });

  it('answers the refusal of a file that is not the one previewed without reading the catalogue', async () => {
    const planner = createCsvPlanner();
    try {
      let reads = 0;
      const answer = await planner.plan(
        { body: Buffer.from('sku\nPW-HAND-400-CL\n'), previewedSha256: '0'.repeat(64) },
        async () => {
          reads += 1;
          return { existing: new Map(), variants: new Map() };
        },
      );
      expect(answer).toEqual({
        refused: {
          status: 400,
          detail: 'This file is not the one that was previewed. Preview it again before applying.',
        },
      });
      expect(reads).toBe(0);
    } finally {
      await planner.close();
    }
  });
});
