// A number printed in SQL (the e-mails written with the order) reads as the domain prints it on the documents.
import { approvalReference, documentNumber } from '@shop/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helper';
import { rowsOf } from '../../db/rows-of';
import { paddedNumberSql } from './numbering';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const printed = async (prefix: 'INV' | 'AR', n: number) =>
  rowsOf<{ text: string }>(
    await ctx.database.db.execute(sql`select ${paddedNumberSql(prefix, sql`${n}::int`)} as text`),
  )[0]!.text;

describe('paddedNumberSql', () => {
  it('prints as documentNumber and approvalReference do, a seventh digit kept', async () => {
    for (const n of [1, 42, 999_999, 1_000_000, 1_234_567]) {
      expect(await printed('INV', n)).toBe(documentNumber('invoice', n));
      expect(await printed('AR', n)).toBe(approvalReference(n));
    }
    expect(await printed('INV', 1_234_567)).toBe('INV-1234567');
  });
});
