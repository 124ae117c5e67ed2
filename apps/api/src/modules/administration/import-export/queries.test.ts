import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../test/helper';
import type { Database } from '../../../db/client';
import { READ_BATCH, selectItemsBySku } from './queries';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('the import’s reads', () => {
  it('give the event loop a turn between the statements of a long read (PGlite runs them in this thread)', async () => {
    let turns = 0;
    let ticking = true;
    const tick = () => {
      turns += 1;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const skus = Array.from({ length: 5 * READ_BATCH }, (_, n) => `TURNS-${n}`);
    const found = await selectItemsBySku(database.db, skus, false);
    ticking = false;
    expect(found.size).toBe(0);
    expect(turns).toBeGreaterThanOrEqual(4);
  });
});
