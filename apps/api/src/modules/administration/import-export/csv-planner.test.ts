import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/helper';
import { itemBySku } from '../../carts/testing';
import { staffMember } from '../testing';
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
});
