import { describe, expect, test } from 'vitest';
import { expectRawProblem } from '../assertions.ts';
import type { Contract } from '../contract.ts';
import { requires } from '../preflight.ts';
import { webhookApi } from '../webhooks/webhook-api.ts';

const MISSING_ENDPOINT = 'we_0000000000000000';
const MISSING_DELIVERY = 'dlv_0000000000000000';
const MISSING_EVENT = 'evt_0000000000000000';
/** The spec's limit of endpoints per owner and environment. */
const ENDPOINT_LIMIT = 16;
const ENDPOINTS = '/api/v1/webhook-endpoints';

/** Every webhook operation on one endpoint (and one delivery of it), as [method, path, body]. */
function endpointCalls(endpointId: string, deliveryId = MISSING_DELIVERY): Array<[string, string, unknown]> {
  const at = `${ENDPOINTS}/${endpointId}`;
  return [
    ['GET', at, undefined],
    ['PATCH', at, { description: 'changed' }],
    ['POST', `${at}/rotate-secret`, {}],
    ['POST', `${at}/test`, undefined],
    ['GET', `${at}/deliveries`, undefined],
    ['POST', `${at}/deliveries/${deliveryId}/redeliver`, undefined],
    ['DELETE', at, undefined],
  ];
}

/** Webhook endpoints through the API alone (every target): their lifecycle, refusals and limits. */
export function webhookEndpointsSuite(c: Contract): void {
  describe('webhook endpoints', () => {
    requires(c, 'webhookUrl');
    test('create, read, list, update, rotate and delete; the secret only in the create and rotate answers', async () => {
      const api = webhookApi(c, (await c.newKey()).key);
      const created = await api.createEndpoint({ description: 'sync', eventTypes: ['course.created'] });
      expect(created).toMatchObject({ enabled: true, disabledReason: null, eventTypes: ['course.created'] });
      expect(created.secretStart).toBe(created.secret.slice(0, 10));
      const { secret, ...endpoint } = created;
      const read = await api.call(`${ENDPOINTS}/${created.id}`);
      expect(read.body).toEqual(endpoint);
      expect((await api.call(ENDPOINTS)).body.data).toEqual([endpoint]);
      const paused = await api.call(`${ENDPOINTS}/${created.id}`, {
        method: 'PATCH',
        json: { enabled: false },
      });
      expect(paused.body).toMatchObject({ enabled: false, disabledReason: 'manual', description: 'sync' });
      const resumed = await api.call(`${ENDPOINTS}/${created.id}`, {
        method: 'PATCH',
        json: { enabled: true },
      });
      expect(resumed.body).toMatchObject({ enabled: true, disabledReason: null });
      const rotated = await api.call(`${ENDPOINTS}/${created.id}/rotate-secret`, {
        method: 'POST',
        json: {},
      });
      expect(rotated.status).toBe(200);
      expect(rotated.body.secret).not.toBe(secret);
      expect(rotated.body.secretStart).toBe(rotated.body.secret.slice(0, 10));
      expect((await api.call(`${ENDPOINTS}/${created.id}`, { method: 'DELETE' })).status).toBe(204);
      expectRawProblem(await api.call(`${ENDPOINTS}/${created.id}`), 404, 'not_found');
    });

    test('403 insufficient_scope on every events and webhook operation for a key without its scope', async () => {
      const { key, subject } = await c.newKey({ scopes: ['courses:read', 'courses:write'] });
      const owner = webhookApi(c, (await c.newKey({ subject })).key);
      const endpoint = await owner.createEndpoint();
      const api = webhookApi(c, key);
      const calls: Array<[string, string, unknown, string]> = [
        ['GET', '/api/v1/events', undefined, 'events:read'],
        ['GET', `/api/v1/events/${MISSING_EVENT}`, undefined, 'events:read'],
        ['GET', ENDPOINTS, undefined, 'webhooks:write'],
        ['POST', ENDPOINTS, { url: api.url() }, 'webhooks:write'],
        ...endpointCalls(endpoint.id).map(([method, path, json]): [string, string, unknown, string] => [
          method,
          path,
          json,
          'webhooks:write',
        ]),
      ];
      for (const [method, path, json, scope] of calls) {
        const reply = await api.call(path, { method, json });
        expectRawProblem(reply, 403, 'insufficient_scope');
        expect(reply.body.missingScopes, `${method} ${path}`).toEqual([scope]);
      }
      expect((await owner.call(`${ENDPOINTS}/${endpoint.id}`)).status).toBe(200);
    });

    test('404 for an endpoint, delivery or event that does not exist or is another account’s', async () => {
      const stranger = webhookApi(c, (await c.newKey()).key);
      const owner = webhookApi(c, (await c.newKey()).key);
      const theirs = await owner.createEndpoint();
      for (const endpointId of [MISSING_ENDPOINT, theirs.id])
        for (const [method, path, json] of endpointCalls(endpointId))
          expectRawProblem(await stranger.call(path, { method, json }), 404, 'not_found');
      const mine = await stranger.createEndpoint();
      const redeliver = `${ENDPOINTS}/${mine.id}/deliveries/${MISSING_DELIVERY}/redeliver`;
      expectRawProblem(await stranger.call(redeliver, { method: 'POST' }), 404, 'not_found');
      expectRawProblem(await stranger.call(`/api/v1/events/${MISSING_EVENT}`), 404, 'not_found');
      expect((await owner.call(`${ENDPOINTS}/${theirs.id}`)).body.description).toBe(theirs.description);
    });

    // Refused whatever the operator allows: credentials in the URL, a cloud metadata address.
    const refusedUrls = [
      'https://user:secret@lms.example.com/hooks',
      'http://169.254.169.254/latest/meta-data/',
      'https://metadata.google.internal/hooks',
    ];
    test.each(refusedUrls)(
      '400 validation_failed naming /url for %s, on create and update',
      async (refused) => {
        const api = webhookApi(c, (await c.newKey()).key);
        const created = await api.call(ENDPOINTS, { method: 'POST', json: { url: refused } });
        expectRawProblem(created, 400, 'validation_failed');
        expect(created.body.errors[0]).toMatchObject({ pointer: '/url' });
        const endpoint = await api.createEndpoint();
        const updated = await api.call(`${ENDPOINTS}/${endpoint.id}`, {
          method: 'PATCH',
          json: { url: refused },
        });
        expectRawProblem(updated, 400, 'validation_failed');
        expect((await api.call(`${ENDPOINTS}/${endpoint.id}`)).body.url).toBe(endpoint.url);
        expect((await api.call(ENDPOINTS)).body.data).toHaveLength(1);
      },
    );

    test('409 webhook_endpoint_disabled: a disabled endpoint takes no test event nor redelivery until enabled', async () => {
      const api = webhookApi(c, (await c.newKey()).key);
      const endpoint = await api.createEndpoint();
      const at = `${ENDPOINTS}/${endpoint.id}`;
      const queued = await api.call(`${at}/test`, { method: 'POST' });
      expect(queued.status).toBe(202);
      expect(queued.body).toMatchObject({ endpointId: endpoint.id, eventType: 'webhook.test', attempts: 0 });
      await api.call(at, { method: 'PATCH', json: { enabled: false } });
      expectRawProblem(await api.call(`${at}/test`, { method: 'POST' }), 409, 'webhook_endpoint_disabled');
      const redeliver = `${at}/deliveries/${queued.body.id}/redeliver`;
      expectRawProblem(await api.call(redeliver, { method: 'POST' }), 409, 'webhook_endpoint_disabled');
      await api.call(at, { method: 'PATCH', json: { enabled: true } });
      const again = await api.call(redeliver, { method: 'POST' });
      expect(again.status).toBe(202);
      expect(again.body).toMatchObject({ endpointId: endpoint.id, eventId: queued.body.eventId });
      expect(again.body.id).not.toBe(queued.body.id);
      const log = await api.call(`${at}/deliveries`);
      expect(log.body.data.map((d: { id: string }) => d.id)).toEqual([again.body.id, queued.body.id]);
    });

    test('409 webhook_endpoint_limit past 16 endpoints in an environment; the other environment has its own', async () => {
      const { key, subject } = await c.newKey();
      const api = webhookApi(c, key);
      const made = [];
      for (let i = 0; i < ENDPOINT_LIMIT; i++) made.push(await api.createEndpoint());
      const refused = await api.call(ENDPOINTS, { method: 'POST', json: { url: api.url() } });
      expectRawProblem(refused, 409, 'webhook_endpoint_limit');
      const sandbox = webhookApi(c, (await c.newKey({ subject, environment: 'test' })).key);
      expect((await sandbox.createEndpoint()).environment).toBe('test');
      await api.call(`${ENDPOINTS}/${made[0]?.id}`, { method: 'DELETE' });
      expect((await api.createEndpoint()).environment).toBe('prod');
    });

    test('the same Idempotency-Key and body replay the endpoint and its secret; another body answers 422', async () => {
      const api = webhookApi(c, (await c.newKey()).key);
      const headers = { 'Idempotency-Key': crypto.randomUUID() };
      const json = { url: api.url(), description: 'once' };
      const first = await api.call(ENDPOINTS, { method: 'POST', headers, json });
      expect(first.status).toBe(201);
      const replay = await api.call(ENDPOINTS, { method: 'POST', headers, json });
      expect({
        status: replay.status,
        replayed: replay.headers.get('Idempotent-Replayed'),
        body: replay.body,
      }).toMatchObject({ status: 201, replayed: 'true' });
      expect(replay.body.id).toBe(first.body.id);
      const reused = await api.call(ENDPOINTS, {
        method: 'POST',
        headers,
        json: { ...json, description: 'twice' },
      });
      expectRawProblem(reused, 422, 'idempotency_key_reused');
      expect((await api.call(ENDPOINTS)).body.data).toHaveLength(1);
    });
  });
}
