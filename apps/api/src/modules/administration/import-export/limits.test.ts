import type { ImportPreview } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/helper';
import { staffMember, type StaffMember } from '../../../../test/support/administration';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const PREVIEW = 'import-export/items/preview/';

function send(member: StaffMember, path: string, body: string | Buffer) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/administration/${path}`,
    headers: { authorization: `Bearer ${member.token}`, 'content-type': 'text/csv' },
    payload: body,
  });
}

describe('limits of an import', () => {
  it('answers 429 to a second import while one is being processed, and takes the next one after', async () => {
    const staff = await staffMember(ctx, 'staff', 'one-at-a-time');
    // Enough rows that the first import is still in its worker when the second arrives.
    const big = `sku,title\n${Array.from({ length: 40_000 }, (_, i) => `BUSY-${i},Busy ${i}`).join('\n')}\n`;
    const small = 'sku\nPW-HAND-400-CL\n';
    const answers = await Promise.all([send(staff, PREVIEW, big), send(staff, PREVIEW, small)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 429]);
    const refused = answers.find((res) => res.statusCode === 429)!;
    expect(refused.json()).toEqual({
      detail: 'Another catalogue import is being processed. Please try again in a moment.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The slot is free again once the first answered.
    expect((await send(staff, PREVIEW, small)).statusCode).toBe(200);
  });

  it('refuses a row with more cells than the column cap with a 400 naming the cap', async () => {
    const staff = await staffMember(ctx, 'staff', 'columns');
    // One very long row: 4.9 million empty cells in under 5 MB.
    const longRow = await send(staff, PREVIEW, `sku,title\n${','.repeat(4_900_000)}\n`);
    expect(longRow.statusCode).toBe(400);
    expect(longRow.json()).toEqual({
      detail: 'Line 2 has more than 1,000 cells; a catalogue CSV has at most 1,000 columns.',
    });
    const wideHeader = await send(
      staff,
      PREVIEW,
      `${Array.from({ length: 1_001 }, (_, i) => `c${i}`).join(',')}\n`,
    );
    expect(wideHeader.statusCode).toBe(400);
    expect(wideHeader.json()).toEqual({
      detail: 'Line 1 has more than 1,000 cells; a catalogue CSV has at most 1,000 columns.',
    });
    // At the cap the file is read, and its unknown columns are errors of the file as before.
    const atCap = await send(
      staff,
      PREVIEW,
      `sku,${Array.from({ length: 999 }, (_, i) => `c${i}`).join(',')}\n`,
    );
    expect(atCap.statusCode).toBe(200);
    expect(atCap.json<ImportPreview>().counts.errors).toBe(999);
  });

  it('lets one member of staff preview or apply 30 files per 15 minutes', async () => {
    const busy = await staffMember(ctx, 'staff', 'per-user');
    const other = await staffMember(ctx, 'staff', 'per-user-other');
    const file = 'sku\nPW-HAND-400-CL\n';
    for (let n = 1; n <= 30; n++) {
      expect((await send(busy, PREVIEW, file)).statusCode, `preview ${n}`).toBe(200);
    }
    const refused = await send(busy, PREVIEW, file);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toMatch(/^Request was throttled\. Expected available in \d+ seconds\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const applyRefused = await send(busy, `import-export/items/apply/?sha256=${'0'.repeat(64)}`, file);
    expect(applyRefused.statusCode).toBe(429);
    // Another member of staff is not held up.
    expect((await send(other, PREVIEW, file)).statusCode).toBe(200);
  });
});
