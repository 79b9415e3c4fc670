import type { Middleware } from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../http-server.ts';
import { startServer } from '../start-server.ts';

// The service answers as Koa middleware does: its answer is on `ctx` (status, headers, body) when
// the middleware in front of it resumes after `await next()`, errors those throw are problems,
// and the last to set a header wins.
const PAGE_CSP = /^default-src 'none'; script-src 'self'/;

/** Sets a header before the service, as helmet does. */
const helmetLike: Middleware = async (ctx, next) => {
  ctx.set('Content-Security-Policy', "default-src 'self'");
  ctx.set('X-Frame-Options', 'SAMEORIGIN');
  await next();
};

/** Rewrites an API answer's JSON body: reads what the service put on `ctx.body`. */
const rewriter: Middleware = async (ctx, next) => {
  await next();
  if (ctx.get('X-Rewrite') && ctx.response.is('json') && typeof ctx.body === 'string') {
    const page = JSON.parse(ctx.body) as { data: unknown[] };
    ctx.body = JSON.stringify({ ...page, count: page.data.length });
  }
};

/** Refuses as Koa middleware refuses: `ctx.throw`, or a plain bug. */
const refuser: Middleware = async (ctx, next) => {
  if (ctx.get('X-Refuse') === 'forbidden') ctx.throw(403);
  if (ctx.get('X-Refuse') === 'teapot') ctx.throw(418, 'No coffee here.', { headers: { 'X-Why': 'tea' } });
  if (ctx.get('X-Refuse') === 'unavailable') ctx.throw(503, 'Down for a secret reason.');
  if (ctx.get('X-Refuse') === 'unavailable-for-a-while')
    ctx.throw(503, { headers: { 'retry-after': '7', 'retry-after-ms': '-1' } });
  if (ctx.get('X-Refuse') === 'limited') ctx.throw(429);
  if (ctx.get('X-Refuse') === 'bug') throw new Error('a secret stack');
  await next();
};

/** Sets a header after the service has answered, which therefore wins. */
const lastWord: Middleware = async (ctx, next) => {
  await next();
  if (ctx.get('X-Last-Word')) ctx.set('X-Frame-Options', 'ALLOW-FROM-NOWHERE');
};

let server: RunningServer;
let key: string;
beforeAll(async () => {
  server = await startServer({ middleware: [lastWord, helmetLike, rewriter, refuser] });
  const post = (path: string, body: unknown, bearer?: string) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(bearer && { Authorization: `Bearer ${bearer}` }) },
      body: JSON.stringify(body),
    }).then((response) => response.json());
  const { idToken } = await post('/dev/token', { sub: 'koa-user' });
  key = (await post('/api/v1/api-keys', { name: 'koa' }, idToken)).key;
  await post('/api/v1/courses', { name: 'One', description: '' }, key);
});
afterAll(() => server.close());

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { headers: { 'X-API-Key': key, ...headers } });

describe('the service as Koa middleware', () => {
  it("lets middleware in front read and rewrite an API answer's body", async () => {
    const plain = await (await get('/api/v1/courses')).json();
    expect(plain).not.toHaveProperty('count');
    const response = await get('/api/v1/courses', { 'X-Rewrite': 'yes' });
    const body = await response.json();
    expect(body).toMatchObject({ count: 1, data: [{ name: 'One' }] });
    expect(Number(response.headers.get('content-length'))).toBe(JSON.stringify(body).length);
  });

  it.each([
    ['forbidden', 403, 'request_refused', 'Forbidden'],
    ['teapot', 418, 'request_refused', 'No coffee here.'],
    ['unavailable', 503, 'service_unavailable', 'Service Unavailable'],
    ['bug', 500, 'internal_error', 'An unexpected error occurred; quote the request id when reporting it.'],
  ])(
    'renders an error a middleware throws (%s) as a problem with its status',
    async (refuse, status, code, detail) => {
      const response = await get('/api/v1/courses', { 'X-Refuse': refuse });
      expect(response.status).toBe(status);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
      const body = await response.json();
      expect(body).toMatchObject({ status, code, detail, instance: '/api/v1/courses' });
      expect(body.requestId).toBe(response.headers.get('x-request-id'));
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      if (refuse === 'teapot') expect(response.headers.get('x-why')).toBe('tea');
    },
  );
});

describe('a 503 or 429 a middleware throws on an API path', () => {
  it('says how long to wait, as the spec requires: a second, or the error’s own Retry-After', async () => {
    for (const [refuse, seconds] of [
      ['unavailable', '1'],
      ['unavailable-for-a-while', '7'],
    ] as const) {
      const response = await get('/api/v1/courses', { 'X-Refuse': refuse });
      expect(response.status).toBe(503);
      expect([response.headers.get('retry-after'), response.headers.get('retry-after-ms')]).toEqual([
        seconds,
        `${seconds}000`,
      ]);
      // The spec's 503: a service_unavailable problem with both waits.
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(await response.json()).toMatchObject({ status: 503, code: 'service_unavailable' });
    }
    const limited = await get('/api/v1/courses', { 'X-Refuse': 'limited' });
    expect(limited.status).toBe(429);
    expect([limited.headers.get('retry-after'), limited.headers.get('retry-after-ms')]).toEqual([
      '1',
      '1000',
    ]);
  });
});

describe('which header wins', () => {
  it("keeps what middleware set before the service where the service's answer sets nothing", async () => {
    for (const path of ['/api/v1/courses', '/healthz', '/nowhere']) {
      const response = await get(path);
      expect(response.headers.get('content-security-policy')).toBe("default-src 'self'");
      expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it("lets the service's answer replace it where the answer sets the header (its pages' CSP)", async () => {
    const response = await get('/dashboard/config.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toMatch(PAGE_CSP);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });

  it('gives the last word to middleware that sets a header after the service answered', async () => {
    for (const path of ['/api/v1/courses', '/dashboard/config.json']) {
      const response = await get(path, { 'X-Last-Word': 'yes' });
      expect(response.headers.get('x-frame-options')).toBe('ALLOW-FROM-NOWHERE');
    }
  });
});
