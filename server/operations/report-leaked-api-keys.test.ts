import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server/harness.ts';

// The scanner's side, played by the test: a key pair of its own, and its published keys on a
// local URL, as GitHub publishes its own.
const scanner = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const stranger = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const KEY_ID = 'test-scanner-key-1';
let keysServer: Server;
let keysUrl: string;
let keyFetches = 0;
let server: TestServer;

beforeAll(async () => {
  keysServer = createServer((_req, res) => {
    keyFetches++;
    const key = scanner.publicKey.export({ type: 'spki', format: 'pem' });
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ public_keys: [{ key_identifier: KEY_ID, key, is_current: true }] }));
  });
  await new Promise<void>((resolve) => keysServer.listen(0, '127.0.0.1', resolve));
  keysUrl = `http://127.0.0.1:${(keysServer.address() as AddressInfo).port}/keys`;
  server = await startTestServer({ SECRET_SCANNING_KEYS_URL: keysUrl, RATE_LIMIT_MAX: '100000' });
});
afterAll(async () => {
  await server.close();
  await new Promise((resolve) => keysServer.close(resolve));
});

/** Posts `items` as a report signed (DER, base64) by `key` under `keyId`. */
function report(target: TestServer, items: unknown, key: KeyObject = scanner.privateKey, keyId = KEY_ID) {
  const body = JSON.stringify(items);
  const signature = sign('sha256', Buffer.from(body), key).toString('base64');
  return target.call('POST', '/api/v1/secret-scanning/reports', {
    body,
    headers: { 'github-public-key-identifier': keyId, 'github-public-key-signature': signature },
  });
}
const found = (token: string) => ({
  token,
  type: 'course_service_api_key',
  url: 'https://github.com/o/r',
  source: 'content',
});

describe('reportLeakedApiKeys', () => {
  it('revokes a reported active key at once, records it, and answers a verdict per token', async () => {
    const key = await server.apiKey('leaky');
    const token = await server.idToken('leaky');
    const watcher = await server.apiKey('leaky', { name: 'feed reader' });
    expect((await server.call('GET', '/api/v1/courses', { bearer: key })).status).toBe(200);
    const mistyped = `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`;
    const unknown = 'cms_prod_8fJ2kLq9ZxW3vB7nR4tY6uP1m01HUSyT';
    const answer = await report(server, [found(key), found(mistyped), found(unknown)]);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      { token_raw: key, token_type: 'course_service_api_key', label: 'true_positive' },
      { token_raw: mistyped, token_type: 'course_service_api_key', label: 'false_positive' },
      { token_raw: unknown, token_type: 'course_service_api_key', label: 'false_positive' },
    ]);
    expect((await server.call('GET', '/api/v1/courses', { bearer: key })).body.code).toBe('api_key_revoked');
    const keys = (await server.call('GET', '/api/v1/api-keys', { bearer: token })).body.data;
    const keyId = keys.find((listed: { start: string }) => key.startsWith(listed.start)).id;
    const history = (await server.call('GET', `/api/v1/api-keys/${keyId}/events`, { bearer: token })).body
      .data;
    const service = { type: 'service', subject: null };
    expect(history.slice(0, 2)).toEqual([
      expect.objectContaining({
        type: 'revoked',
        actor: service,
        requestId: answer.headers.get('x-request-id'),
      }),
      expect.objectContaining({
        type: 'reported_leaked',
        actor: service,
        requestId: answer.headers.get('x-request-id'),
      }),
    ]);
    // Reported again: still ours, nothing more to revoke.
    expect((await report(server, [found(key)])).body[0].label).toBe('true_positive');
    // The revocation is one api_key.revoked event, as one by its owner would be.
    const feed = await server.call('GET', '/api/v1/events?type=api_key.revoked', { bearer: watcher });
    expect(feed.body.data.map((event: { data: { id: string; status: string } }) => event.data)).toEqual([
      expect.objectContaining({ id: keyId, status: 'revoked' }),
    ]);
  });

  it('refuses a report signed by another key, over another body, or by an unknown key, changing nothing', async () => {
    const key = await server.apiKey('safe');
    const forged = await report(server, [found(key)], stranger.privateKey);
    expect([forged.status, forged.body.code]).toEqual([401, 'invalid_report_signature']);
    const unknownKey = await report(server, [found(key)], scanner.privateKey, 'no-such-key');
    expect([unknownKey.status, unknownKey.body.code]).toEqual([401, 'invalid_report_signature']);
    const signature = sign('sha256', Buffer.from('[]'), scanner.privateKey).toString('base64');
    const swapped = await server.call('POST', '/api/v1/secret-scanning/reports', {
      body: JSON.stringify([found(key)]),
      headers: { 'github-public-key-identifier': KEY_ID, 'github-public-key-signature': signature },
    });
    expect([swapped.status, swapped.body.code]).toEqual([401, 'invalid_report_signature']);
    const unsigned = await server.call('POST', '/api/v1/secret-scanning/reports', { body: [found(key)] });
    expect([unsigned.status, unsigned.body.code]).toEqual([400, 'validation_failed']);
    const malformed = await report(server, [{ url: 'x' }]);
    expect([malformed.status, malformed.body.code]).toEqual([400, 'validation_failed']);
    expect((await server.call('GET', '/api/v1/courses', { bearer: key })).status).toBe(200);
  });

  it('fetches the published keys once and keeps them; a key list that cannot be fetched answers 503', async () => {
    const before = keyFetches;
    await report(server, [found('cms_prod_x')]);
    await report(server, [found('cms_prod_y')]);
    expect(keyFetches - before).toBe(0);
    const broken = await startTestServer({ SECRET_SCANNING_KEYS_URL: 'http://127.0.0.1:9/keys' });
    try {
      const answer = await report(broken, [found('cms_prod_x')]);
      expect([answer.status, answer.body.code]).toEqual([503, 'service_unavailable']);
    } finally {
      await broken.close();
    }
  });

  it('only flags a reported key with SECRET_SCANNING_ACTION=flag', async () => {
    const flagging = await startTestServer({
      SECRET_SCANNING_KEYS_URL: keysUrl,
      SECRET_SCANNING_ACTION: 'flag',
    });
    try {
      const key = await flagging.apiKey('flagged');
      expect((await report(flagging, [found(key)])).body[0].label).toBe('true_positive');
      expect((await flagging.call('GET', '/api/v1/courses', { bearer: key })).status).toBe(200);
      const token = await flagging.idToken('flagged');
      const keyId = (await flagging.call('GET', '/api/v1/api-keys', { bearer: token })).body.data[0].id;
      const history = (await flagging.call('GET', `/api/v1/api-keys/${keyId}/events`, { bearer: token })).body
        .data;
      expect(history.map((event: { type: string }) => event.type)).toEqual(['reported_leaked', 'created']);
    } finally {
      await flagging.close();
    }
  });
});
