import { verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestResponse, type TestServer } from '../../test-support/server/harness.ts';
import {
  type HostileIdentityProvider,
  startHostileIdentityProvider,
} from '../../test-support/server/hostile-identity-provider.ts';
import { countedRoutes } from '../../test-support/server/prometheus-text.ts';

// The development secret scanner: with no SECRET_SCANNING_KEYS_URL, a development server publishes
// a scanner's keys at /dev and signs any report, so a client checks leaked-key reports end to end,
// the positive path included, with no GitHub to sign them.

const KEYS = '/dev/secret-scanning/public-keys';
const SIGNATURE = '/dev/secret-scanning/signature';
const REPORTS = '/api/v1/secret-scanning/reports';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ METRICS: 'on', BODY_LIMIT_BYTES: '1024', RATE_LIMIT_MAX: '100000' });
});
afterAll(() => server.close());

const found = (token: string) => ({
  token,
  type: 'course_service_api_key',
  url: 'https://github.com/o/r',
  source: 'content',
});

/** Has the development scanner sign `body`, then posts it as a report with those headers. */
async function report(target: TestServer, body: string) {
  const signed = await target.call('POST', SIGNATURE, { body });
  expect(signed.status).toBe(200);
  return target.call('POST', REPORTS, {
    body,
    headers: {
      'github-public-key-identifier': signed.body.keyIdentifier,
      'github-public-key-signature': signed.body.signature,
    },
  });
}

function expectProblem(response: TestResponse, status: number, code: string, instance: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('application/problem+json');
  expect(response.body).toMatchObject({ status, code, instance });
  expect(response.body.requestId).toBe(response.headers.get('x-request-id'));
}

describe('GET /dev/secret-scanning/public-keys', () => {
  it("publishes one P-256 key in GitHub's format, which verifies the signatures it makes", async () => {
    const keys = await server.call('GET', KEYS);
    expect(keys.status).toBe(200);
    expect(keys.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(keys.body).toEqual({
      public_keys: [
        {
          key_identifier: expect.stringMatching(/^[0-9a-f]{64}$/),
          key: expect.stringMatching(/^-----BEGIN PUBLIC KEY-----\n[\s\S]+-----END PUBLIC KEY-----\n$/),
          is_current: true,
        },
      ],
    });
    const body = JSON.stringify([found('cms_prod_x')]);
    const signed = await server.call('POST', SIGNATURE, { body });
    expect(signed.status).toBe(200);
    expect(signed.headers.get('cache-control')).toBe('no-store');
    const [published] = keys.body.public_keys;
    expect(signed.body).toEqual({ keyIdentifier: published.key_identifier, signature: expect.any(String) });
    const signature = Buffer.from(signed.body.signature, 'base64');
    expect(verify('sha256', Buffer.from(body), published.key, signature)).toBe(true);
  });

  it('keeps its key in DATA_DIR: a server restarted on it publishes the same one', async () => {
    const first = await startTestServer();
    const published = (await first.call('GET', KEYS)).body;
    await first.close();
    const again = await startTestServer({ DATA_DIR: first.dataDir });
    try {
      expect((await again.call('GET', KEYS)).body).toEqual(published);
    } finally {
      await again.close();
    }
  });
});

describe('POST /dev/secret-scanning/signature', () => {
  it('signs a report the server then verifies: a key of ours revoked, the verdicts, its history', async () => {
    const key = await server.apiKey('leaky');
    const token = await server.idToken('leaky');
    const unknown = 'cms_prod_8fJ2kLq9ZxW3vB7nR4tY6uP1m01HUSyT';
    const answer = await report(server, JSON.stringify([found(key), found(unknown)]));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      { token_raw: key, token_type: 'course_service_api_key', label: 'true_positive' },
      { token_raw: unknown, token_type: 'course_service_api_key', label: 'false_positive' },
    ]);
    expect((await server.call('GET', '/api/v1/courses', { bearer: key })).body.code).toBe('api_key_revoked');
    const keyId = (await server.call('GET', '/api/v1/api-keys', { bearer: token })).body.data[0].id;
    const history = await server.call('GET', `/api/v1/api-keys/${keyId}/events`, { bearer: token });
    expect(history.body.data.map((event: { type: string }) => event.type)).toEqual([
      'revoked',
      'reported_leaked',
      'created',
    ]);
  });

  it('signs the body as sent: a signature of another body is refused, changing nothing', async () => {
    const key = await server.apiKey('careful');
    const signed = await server.call('POST', SIGNATURE, { body: '[]' });
    const swapped = await server.call('POST', REPORTS, {
      body: JSON.stringify([found(key)]),
      headers: {
        'github-public-key-identifier': signed.body.keyIdentifier,
        'github-public-key-signature': signed.body.signature,
      },
    });
    expectProblem(swapped, 401, 'invalid_report_signature', REPORTS);
    const spaced = await report(server, ` [ ${JSON.stringify(found('cms_prod_y'))} ] `);
    expect(spaced.body).toEqual([expect.objectContaining({ label: 'false_positive' })]);
    expect((await server.call('GET', '/api/v1/courses', { bearer: key })).status).toBe(200);
  });

  it('answers other methods 405 with Allow: POST', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const response = await server.call(method, SIGNATURE);
      expectProblem(response, 405, 'method_not_allowed', SIGNATURE);
      expect(response.body.detail).toBe(`Use POST ${SIGNATURE}.`);
      expect(response.headers.get('allow')).toBe('POST');
    }
  });

  it('answers bodies as the API does: 415, 413, malformed JSON, no body', async () => {
    const text = { headers: { 'content-type': 'text/plain' }, body: '[]' };
    expectProblem(await server.call('POST', SIGNATURE, text), 415, 'unsupported_media_type', SIGNATURE);
    const large = { body: [found('x'.repeat(2000))] };
    expectProblem(await server.call('POST', SIGNATURE, large), 413, 'payload_too_large', SIGNATURE);
    const cut = { headers: { 'content-type': 'application/json' }, body: '[{"token":' };
    expectProblem(await server.call('POST', SIGNATURE, cut), 400, 'malformed_json', SIGNATURE);
    const none = await server.call('POST', SIGNATURE);
    expectProblem(none, 400, 'validation_failed', SIGNATURE);
    expect(none.body.errors).toEqual([
      { location: 'body', pointer: '', detail: 'a JSON body is required: the report to sign' },
    ]);
  });

  it('names each answer by its route for metrics and traces', async () => {
    const counted = await countedRoutes(server.url);
    expect(counted).toEqual(
      expect.arrayContaining([
        `GET ${KEYS} 200`,
        `POST ${SIGNATURE} 200`,
        `POST ${SIGNATURE} 413`,
        `POST ${SIGNATURE} 415`,
        `GET ${SIGNATURE} 405`,
      ]),
    );
  });
});

describe('where the development scanner runs', () => {
  it('not with SECRET_SCANNING_KEYS_URL set: its routes are 404 and the URL signs reports', async () => {
    const configured = await startTestServer({
      SECRET_SCANNING_KEYS_URL: 'data:application/json,{"public_keys":[]}',
    });
    try {
      expect((await configured.call('GET', KEYS)).body.code).toBe('not_found');
      expect((await configured.call('POST', SIGNATURE, { body: '[]' })).body.code).toBe('not_found');
      const body = JSON.stringify([found('cms_prod_z')]);
      const signed = await server.call('POST', SIGNATURE, { body });
      const refused = await configured.call('POST', REPORTS, {
        body,
        headers: {
          'github-public-key-identifier': signed.body.keyIdentifier,
          'github-public-key-signature': signed.body.signature,
        },
      });
      expect(refused.body.code).toBe('invalid_report_signature');
      expect((await configured.call('POST', '/dev/token', { body: { sub: 'dev' } })).status).toBe(200);
    } finally {
      await configured.close();
    }
  });

  describe('with a real identity provider', () => {
    let idp: HostileIdentityProvider;
    beforeAll(async () => {
      idp = await startHostileIdentityProvider();
    });
    afterAll(() => idp.close());

    it('in development: the scanner runs without the development identity provider', async () => {
      const development = await startTestServer(idp.env());
      try {
        expect((await development.call('POST', '/dev/token', { body: { sub: 'x' } })).status).toBe(404);
        expect((await development.call('GET', '/dev/.well-known/jwks.json')).status).toBe(404);
        expect((await development.call('GET', KEYS)).status).toBe(200);
        expect((await development.call('POST', SIGNATURE, { body: '[]' })).status).toBe(200);
      } finally {
        await development.close();
      }
    });

    it("never in production, where reports are checked with GitHub's keys by default", async () => {
      const production = await startTestServer({
        NODE_ENV: 'production',
        API_KEY_HASH_SECRET: 's'.repeat(32),
        ...idp.env(),
      });
      try {
        expect((await production.call('GET', KEYS)).body.code).toBe('not_found');
        expect((await production.call('POST', SIGNATURE, { body: '[]' })).body.code).toBe('not_found');
      } finally {
        await production.close();
      }
    });
  });
});
