import { connect } from 'node:net';
import type { Middleware } from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseExposition, type Sample, sampleValue } from '../../test-support/server/prometheus-text.ts';
import type { RunningServer } from '../http-server.ts';
import { startServer } from '../start-server.ts';

// Requests whose client leaves before they are answered: each must leave the active-requests gauge
// as it found it and be counted in the duration histogram, as every other request is.

const MASTER_KEY = 'metrics-master-key-0123456789abcdefghijk';
/** An embedder's middleware that answers a page slowly, after its client may have left. */
const slowPage: Middleware = async (ctx, next) => {
  if (ctx.path !== '/slow') return next();
  await new Promise((resolve) => setTimeout(resolve, 400));
  ctx.body = 'late';
};

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({
    middleware: [slowPage],
    env: { METRICS: 'on', MCP_MASTER_API_KEY: MASTER_KEY, LOG_LEVEL: 'silent' },
  });
});
afterAll(() => server.close());

/** Sends `head` and the first bytes of a body, then resets the connection after `ms`. */
function leaveEarly(head: string, ms: number): Promise<void> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => socket.write(head));
    socket.on('error', reject);
    setTimeout(() => {
      socket.resetAndDestroy();
      resolve();
    }, ms);
  });
}

async function metrics() {
  const response = await fetch(`${server.url}/metrics`);
  return parseExposition(await response.text()).samples;
}

describe('requests whose client leaves before the answer', () => {
  it('leave the active-requests gauge as they found it and are measured, as client errors', async () => {
    const body = '{"jsonrpc":';
    // MCP uploads cut off at moments from at once to 100 ms: before, during and after the
    // pipeline hands the request to the protocol.
    for (const ms of [0, 1, 2, 3, 5, 8, 13, 21, 34, 100]) {
      await leaveEarly(
        `POST /mcp HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${MASTER_KEY}\r\n` +
          `Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n` +
          `Content-Length: 1000\r\n\r\n${body}`,
        ms,
      );
    }
    await leaveEarly('GET /slow HTTP/1.1\r\nHost: localhost\r\n\r\n', 100);
    await leaveEarly(
      'POST /oauth/register HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        'Content-Length: 1000\r\n\r\n{"redirect_uris":',
      100,
    );
    const counted = (samples: Sample[], method: string, route: string) =>
      samples
        .filter(
          (s) =>
            s.name === 'http_server_request_duration_seconds_count' &&
            s.labels.http_request_method === method &&
            s.labels.http_route === route,
        )
        .reduce((sum, s) => sum + s.value, 0);
    const active = (samples: Sample[], method: string) =>
      sampleValue(samples, 'http_server_active_requests', { http_request_method: method });
    // Each request ends once the server has seen its client go (at once on a quiet machine, later on
    // a loaded one): the gauges settle, where a request that never ended would keep one up for good.
    let samples: Sample[] = [];
    await expect
      .poll(
        async () => {
          samples = await metrics();
          // The scrape is the one request in flight.
          return [active(samples, 'GET'), active(samples, 'POST')];
        },
        { timeout: 10_000, interval: 200 },
      )
      .toEqual([1, 0]);
    expect([counted(samples, 'GET', 'unmatched'), counted(samples, 'POST', '/oauth/*')]).toEqual([1, 1]);
    // The quickest leavers may be gone before their request is read; the 100 ms one never is.
    expect(counted(samples, 'POST', '/mcp')).toBeGreaterThanOrEqual(1);
    // A client that leaves mid-body made the mistake: never counted as the server's error.
    const serverErrors = samples.filter(
      (s) =>
        s.name === 'http_server_request_duration_seconds_count' &&
        s.labels.http_response_status_code?.startsWith('5'),
    );
    expect(serverErrors).toEqual([]);
  });
});
