import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp, type App, BODY_LIMIT } from '../app';
import type { Database } from '../db/client';
import { createTestDatabase, testConfig } from '../../test/helper';
import { Conflict, NotFound } from './errors';

// A probe route, registered the way every module registers its routes, to exercise the error handling.
const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/probe/',
    { schema: { body: z.object({ email: z.string().email(), quantity: z.number().int().min(1) }).strict() } },
    async (request) => ({ received: request.body }),
  );
  app.get('/probe/missing/', async () => {
    throw new NotFound('No such widget.');
  });
  app.get('/probe/conflict/', async () => {
    throw new Conflict('Already there.');
  });
  app.get('/probe/nul/', async () => {
    // What Drizzle throws when PostgreSQL refuses a NUL in a text parameter.
    const driver = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      code: '22021',
    });
    throw new Error('Failed query: insert into …', { cause: driver });
  });
  app.get('/probe/crash/', async () => {
    throw new Error('secret internals at /srv/app/db.ts:42');
  });
};

let app: App;
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ config: testConfig(), database });
  await app.register(probeRoutes, { prefix: '/api' });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('error bodies', () => {
  it('accepts a good body', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/probe/',
      payload: { email: 'a@b.co', quantity: 2 },
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers field errors for a bad body', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/probe/',
      payload: { email: 'nope', quantity: 0 },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<Record<string, string[]>>();
    expect(body.email).toHaveLength(1);
    expect(body.quantity).toHaveLength(1);
  });

  it('refuses unknown fields where the contract is strict', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/probe/',
      payload: { email: 'a@b.co', quantity: 1, status: 'paid' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('non_field_errors');
  });

  it('answers malformed JSON with a 400 detail', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/probe/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'JSON parse error.' });
  });

  it('refuses a body over 1 MB with 413', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/probe/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', quantity: 1, pad: 'x'.repeat(BODY_LIMIT) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: 'Request body is too large.' });
  });

  it('refuses an unsupported media type with 415', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/probe/',
      headers: { 'content-type': 'application/xml' },
      payload: '<email/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toHaveProperty('detail');
  });

  it('maps domain errors to their status with a detail', async () => {
    const missing = await app.inject({ method: 'GET', url: '/api/probe/missing/' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'No such widget.' });
    const conflict = await app.inject({ method: 'GET', url: '/api/probe/conflict/' });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({ detail: 'Already there.' });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/no-such-thing/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
  });

  it('never leaks internals in a 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/probe/crash/' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: 'A server error occurred.' });
    expect(res.body).not.toContain('secret');
  });
});

describe('text the database cannot store', () => {
  it('answers 400 for a NUL that reached PostgreSQL, naming nothing of the query', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/probe/nul/' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Null characters are not allowed.' });
  });
});

describe('URLs the router refuses, in the built app', () => {
  it('answers a path that does not percent-decode with a DRF 400', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/ecommerce/cart-items/%E0%A4%A/' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Malformed URL.' });
  });
});
