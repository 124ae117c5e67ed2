import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helper';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('health', () => {
  it('answers liveness without touching the database', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers ready when the database takes a query', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health/ready/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
  });

  it('tells a client on this machine the process’s memory and event-loop delay, and nobody else', async () => {
    const local = await ctx.app.inject({
      method: 'GET',
      url: '/api/health/process/',
      remoteAddress: '127.0.0.1',
    });
    expect(local.statusCode).toBe(200);
    const metrics = local.json<{ pid: number; rss_mb: number; event_loop_delay_ms: { p99: number } }>();
    expect(metrics.pid).toBe(process.pid);
    expect(metrics.rss_mb).toBeGreaterThan(10);
    expect(metrics.event_loop_delay_ms.p99).toBeGreaterThanOrEqual(0);
    const remote = await ctx.app.inject({
      method: 'GET',
      url: '/api/health/process/',
      remoteAddress: '203.0.113.9',
    });
    expect(remote.statusCode).toBe(404);
    const proxied = await ctx.app.inject({
      method: 'GET',
      url: '/api/health/process/',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(proxied.statusCode).toBe(404);
  });

  it('reports the event loop’s delay beyond the sampling interval: none when idle, a blocked turn when busy', async () => {
    const read = async () =>
      (
        await ctx.app.inject({ method: 'GET', url: '/api/health/process/', remoteAddress: '127.0.0.1' })
      ).json<{ event_loop_delay_ms: { p50: number; max: number; samples: number } }>().event_loop_delay_ms;
    await read(); // resets the histogram
    await new Promise((resolve) => setTimeout(resolve, 300));
    const idle = await read();
    expect(idle.samples).toBeGreaterThan(5);
    // Node records the whole interval between samples (10.1 ms when idle); the answer is what exceeds it.
    expect(idle.p50).toBeLessThan(5);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const blockedUntil = performance.now() + 60;
    while (performance.now() < blockedUntil);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect((await read()).max).toBeGreaterThanOrEqual(40);
  });

  it('sends security headers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health/' });
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    expect(res.headers['x-frame-options']).toBe('DENY');
    // What only a browsing context reads is sent with documents, not with JSON.
    expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(res.headers['x-xss-protection']).toBeUndefined();
  });

  it('sends the document headers with the API docs page', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the OpenAPI document with the categories path', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/categories/', '/api/health/']));
  });
});
