import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { newsletterSubscriptions, rateLimits } from '../../src/db/schema';
import { createTestDatabase } from '../helper';
import { answerProblems, changedTables, checksumQuery, drfShapeProblem } from './checks';

const json = { 'content-type': 'application/json; charset=utf-8' };

describe('drfShapeProblem', () => {
  it('accepts the shapes the error handler writes', () => {
    expect(drfShapeProblem(404, { detail: 'Not found.' }, 'GET /api/x/')).toBeUndefined();
    expect(drfShapeProblem(400, { email: ['Enter a valid email address.'] }, 'POST /api/x/')).toBeUndefined();
    expect(
      drfShapeProblem(400, { non_field_errors: ['Unrecognized key: "a"'] }, 'POST /api/x/'),
    ).toBeUndefined();
    expect(
      drfShapeProblem(401, { detail: 'Token is invalid or expired', code: 'token_not_valid' }, 'GET /api/x/'),
    ).toBeUndefined();
    const emailFailure = {
      success: false,
      authentication_type: 'signup',
      message: 'Invalid code.',
      detail: 'Invalid code.',
    };
    expect(drfShapeProblem(400, emailFailure, 'POST /api/account/email-authentication/')).toBeUndefined();
  });

  it('refuses Fastify’s own shape, a 401 without code, and other bodies', () => {
    const fastify = { error: 'Bad Request', code: 'FST_ERR_BAD_URL', message: 'x', statusCode: 400 };
    expect(drfShapeProblem(400, fastify, 'GET /api/x/')).toBeDefined();
    expect(drfShapeProblem(401, { detail: 'No.' }, 'GET /api/x/')).toBeDefined();
    expect(drfShapeProblem(400, [], 'GET /api/x/')).toBeDefined();
    expect(drfShapeProblem(400, { detail: 'x', success: false }, 'GET /api/x/')).toBeDefined();
  });
});

describe('answerProblems', () => {
  it('names a 5xx and internals in an error body', () => {
    const crash = { statusCode: 500, headers: json, body: '{"detail":"A server error occurred."}' };
    expect(answerProblems('GET /api/x/', crash)).toEqual(['answered 500']);
    const leak = {
      statusCode: 400,
      headers: json,
      body: '{"detail":"insert into \\"users\\" violates a constraint\\n    at run (/srv/db.ts:4)"}',
    };
    expect(answerProblems('GET /api/x/', leak)).toEqual(
      expect.arrayContaining(['body leaks SQL', 'body leaks stack trace', 'body leaks source location']),
    );
  });
});

describe('table checksums', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('see a new row, and leave out the rate-limit counters', async () => {
    const checksums = await checksumQuery(database);
    const before = await checksums();
    await database.db.insert(rateLimits).values({ key: 'probe', count: 1, resetAt: new Date() });
    expect(changedTables(before, await checksums())).toEqual([]);
    await database.db.insert(newsletterSubscriptions).values({ email: 'probe@example.com' });
    expect(changedTables(before, await checksums())).toEqual(['newsletter_subscriptions']);
  });
});
