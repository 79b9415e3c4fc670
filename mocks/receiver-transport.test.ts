import { describe, expect, it } from 'vitest';
import { receiverTransport } from './receiver-transport.ts';
import type { WebhookReceiver } from './webhook-options.ts';

// The receiver's answer judged as the server judges one over the network.
const post = { url: 'https://app.example/hooks', headers: { 'webhook-id': 'evt_1' }, body: '{}' };
const attempt = (receiver: WebhookReceiver) => receiverTransport(() => receiver)(post);

describe('the mocks’ webhook transport', () => {
  it('hands the receiver the POST as a Fetch Request', async () => {
    const seen: Array<{ method: string; url: string; id: string | null; body: string }> = [];
    await attempt(async (request) => {
      const { method, url, headers } = request;
      seen.push({ method, url, id: headers.get('webhook-id'), body: await request.text() });
      return new Response(null, { status: 204 });
    });
    expect(seen).toEqual([{ method: 'POST', url: post.url, id: 'evt_1', body: '{}' }]);
  });

  it('reports the status of any answer, the body read to its end', async () => {
    expect(await attempt(() => new Response('ok', { status: 200 }))).toEqual({
      status: 200,
      durationMs: expect.any(Number),
    });
    expect(await attempt(async () => new Response(null, { status: 500 }))).toMatchObject({ status: 500 });
  });

  it('never follows a 3xx: the error is redirect', async () => {
    const moved = () =>
      new Response(null, { status: 302, headers: { location: 'https://elsewhere.example/' } });
    expect(await attempt(moved)).toMatchObject({ status: 302, error: 'redirect' });
  });

  it('fails an answer longer than 64 KiB', async () => {
    expect(await attempt(() => new Response('x'.repeat(64 * 1024)))).not.toHaveProperty('error');
    expect(await attempt(() => new Response('x'.repeat(64 * 1024 + 1)))).toMatchObject({
      status: 200,
      error: 'response_too_large',
    });
  });

  it('counts a receiver that throws, or answers no Response, as a connection that failed', async () => {
    const throws: WebhookReceiver = () => {
      throw new Error('bug in the route');
    };
    expect(await attempt(throws)).toEqual({ error: 'connection_failed', durationMs: expect.any(Number) });
    expect(await attempt(async () => Promise.reject(new Error('down')))).toMatchObject({
      error: 'connection_failed',
    });
    expect(await attempt(() => undefined as unknown as Response)).toMatchObject({
      error: 'connection_failed',
    });
    expect(await attempt(() => Response.error())).toMatchObject({ error: 'connection_failed' });
  });
});
