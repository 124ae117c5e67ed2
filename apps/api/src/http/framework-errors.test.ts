import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frameworkErrors, registerErrorHandling } from './errors';

// A server set up as app.ts sets up the API's (maxParamLength 200), with the router's errors handed to the
// error module; the routes' own errors are covered in errors.test.ts.
const app = Fastify({ frameworkErrors, routerOptions: { maxParamLength: 200 } });
beforeAll(async () => {
  registerErrorHandling(app);
  app.get('/api/things/:id/', async () => ({ ok: true }));
  await app.ready();
});
afterAll(() => app.close());

describe('URLs the router refuses', () => {
  it('answers a path that does not percent-decode with a 400 detail', async () => {
    for (const segment of ['%E0%A4%A', '%C0%AF', '%']) {
      const res = await app.inject({ url: `/api/things/${segment}/` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: 'Malformed URL.' });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('answers a path parameter over the length limit with a 414 detail that does not echo it', async () => {
    const res = await app.inject({ url: `/api/things/${'9'.repeat(250)}/` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ detail: 'URL path parameter is too long.' });
  });

  it('still routes a well-formed URL', async () => {
    const res = await app.inject({ url: '/api/things/%F0%9F%98%80/' });
    expect(res.statusCode).toBe(200);
  });
});
