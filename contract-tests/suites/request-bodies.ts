import { describe, expect, test } from 'vitest';
import { expectRawProblem } from '../assertions.ts';
import type { Contract } from '../contract.ts';
import { webhookApi } from '../webhooks/webhook-api.ts';

const BODY_LIMIT = 65_536;

/** 413 and 415 on every operation that takes a body: too large (declared and streamed), not JSON. */
export function requestBodiesSuite(c: Contract): void {
  describe('request bodies', () => {
    // Each operation that takes a body; the webhook endpoint ones only where the target accepts a
    // webhook URL (the others need nothing but a key, so a refused URL does not stop them).
    async function bodyOperations() {
      const { key, idToken, client, id: keyId } = await c.newKey();
      const { id } = await client.courses.create({ name: 'Body target', description: '' });
      const operations = [
        { method: 'POST', path: '/api/v1/courses', auth: `Bearer ${key}` },
        { method: 'PATCH', path: `/api/v1/courses/${id}`, auth: `Bearer ${key}` },
        { method: 'POST', path: '/api/v1/api-keys', auth: `Bearer ${idToken}` },
        { method: 'POST', path: `/api/v1/api-keys/${keyId}/roll`, auth: `Bearer ${idToken}` },
        { method: 'POST', path: '/api/v1/secret-scanning/reports', auth: '' },
      ];
      if (c.findings.some((finding) => finding.prerequisite === 'webhookUrl')) return operations;
      const endpoint = await webhookApi(c, key).createEndpoint();
      const endpointPath = `/api/v1/webhook-endpoints/${endpoint.id}`;
      return [
        { method: 'POST', path: '/api/v1/webhook-endpoints', auth: `Bearer ${key}` },
        { method: 'PATCH', path: endpointPath, auth: `Bearer ${key}` },
        { method: 'POST', path: `${endpointPath}/rotate-secret`, auth: `Bearer ${key}` },
        ...operations,
      ];
    }
    const oversized = JSON.stringify({ name: 'big', description: 'x'.repeat(BODY_LIMIT) });

    test('413 for a body over the limit, announced by Content-Length', async () => {
      for (const { method, path, auth } of await bodyOperations()) {
        const headers = { Authorization: auth, 'Content-Type': 'application/json' };
        expectRawProblem(await c.call(path, { method, headers, body: oversized }), 413, 'payload_too_large');
      }
    });

    test('413 for a streamed body that grows over the limit', async () => {
      for (const { method, path, auth } of await bodyOperations()) {
        const bytes = new TextEncoder().encode(oversized);
        const body = new ReadableStream({
          start(controller) {
            for (let at = 0; at < bytes.length; at += 8192) controller.enqueue(bytes.slice(at, at + 8192));
            controller.close();
          },
        });
        const headers = { Authorization: auth, 'Content-Type': 'application/json' };
        const init = { method, headers, body, duplex: 'half' } as RequestInit;
        expectRawProblem(await c.call(path, init), 413, 'payload_too_large');
      }
    });

    test('415 for a body that is not JSON, whatever it holds', async () => {
      for (const { method, path, auth } of await bodyOperations()) {
        for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
          const headers = { Authorization: auth, 'Content-Type': type };
          const reply = await c.call(path, { method, headers, body: '{"name":"n","description":""}' });
          expectRawProblem(reply, 415, 'unsupported_media_type');
        }
      }
    });

    test('a JSON body with a charset parameter is accepted', async () => {
      const [create] = await bodyOperations();
      const headers = {
        Authorization: create?.auth ?? '',
        'Content-Type': 'application/json; charset=utf-8',
      };
      const reply = await c.call('/api/v1/courses', {
        method: 'POST',
        headers,
        json: { name: 'utf-8 ✓', description: '' },
      });
      expect(reply.status).toBe(201);
      expect(reply.body.name).toBe('utf-8 ✓');
    });
  });
}
