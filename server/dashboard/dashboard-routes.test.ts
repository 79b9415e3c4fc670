import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { requestFrame } from '../http/request-frame.ts';
import { createLogger } from '../logger.ts';
import { dashboardRoutes } from './dashboard-routes.ts';

let dir: string;
const servers: Server[] = [];

async function serve(built: string, env: Record<string, string> = {}): Promise<string> {
  const koa = new Koa();
  // As the service frames every request: its errors rendered by the core's one problem renderer.
  koa.use(requestFrame({ newId: () => 'test', logger: createLogger('silent') }));
  koa.use(dashboardRoutes(loadConfig({ DATA_DIR: ':memory:', ...env }), built));
  koa.use((ctx) => {
    ctx.body = 'api';
  });
  const server = createServer(koa.callback());
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dashboard-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>dashboard</title>');
  await writeFile(join(dir, 'assets', 'main-ABC123.js'), 'console.log(1)');
});

afterAll(async () => {
  for (const server of servers) server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('dashboard routes', () => {
  it('serves index.html for every app path, revalidated, with the security headers', async () => {
    const base = await serve(dir);
    for (const path of ['/dashboard', '/dashboard/', '/dashboard/settings/api-keys']) {
      const response = await fetch(`${base}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('content-security-policy')).toBe(
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; font-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
      );
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
    const first = await fetch(`${base}/dashboard/`);
    const again = await fetch(`${base}/dashboard/`, {
      headers: { 'If-None-Match': first.headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(304);
  });

  it('serves hashed assets as immutable and answers 404 for unknown ones', async () => {
    const base = await serve(dir);
    const asset = await fetch(`${base}/dashboard/assets/main-ABC123.js`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await asset.text()).toBe('console.log(1)');
    for (const path of [
      '/dashboard/assets/missing-1.js',
      '/dashboard/assets/%2e%2e%2findex.html',
      '/dashboard/assets/x.map',
    ]) {
      const response = await fetch(`${base}${path}`);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
    }
  });

  it('serves the sign-in configuration and leaves other paths to the API', async () => {
    const dev = await serve(dir);
    expect(await (await fetch(`${dev}/dashboard/config.json`)).json()).toEqual({ mode: 'dev' });
    expect(await (await fetch(`${dev}/dashboardx`)).text()).toBe('api');
    const oidc = await serve(dir, {
      IDP_ISSUER: 'https://idp.example.com',
      IDP_AUDIENCE: 'course-service',
      IDP_JWKS_URL: 'https://idp.example.com/jwks',
      DASHBOARD_OIDC_CLIENT_ID: 'dashboard',
    });
    const response = await fetch(`${oidc}/dashboard/config.json`);
    expect(await response.json()).toEqual({
      mode: 'oidc',
      issuer: 'https://idp.example.com',
      clientId: 'dashboard',
      scope: 'openid',
    });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses methods other than GET and HEAD, and says how to build a missing dashboard', async () => {
    const base = await serve(dir);
    const post = await fetch(`${base}/dashboard/`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    const missing = await serve(join(dir, 'not-built'));
    const response = await fetch(`${missing}/dashboard/`);
    expect(response.status).toBe(503);
    expect(await response.text()).toContain('npm run build:web');
  });
});
