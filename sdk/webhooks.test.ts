import fc from 'fast-check';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { createCourseClient } from './client.ts';
import { CourseServiceError } from './errors.ts';
import type { CourseEvent, TestEvent } from './gen/types.gen.ts';
import { unwrapWebhook, type WebhookHeaders, WebhookVerificationError } from './webhooks.ts';

// Deliveries are signed here by `standardwebhooks`, the library the service signs with: the
// verifier must accept exactly what it signs, and refuse anything else.
const newSecret = () => `whsec_${Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString('base64')}`;
const event: CourseEvent = {
  id: 'evt_2Nq8xT5mK9pR3vL7',
  type: 'course.published',
  timestamp: '2026-11-29T09:00:00Z',
  environment: 'prod',
  data: {
    id: 'crs_7GfK2pQm9XwLz4Rt',
    name: 'Introduction à la chimie 🧪',
    description: 'Molécules.',
    status: 'published',
    createdAt: '2026-11-29T09:00:00Z',
    updatedAt: '2026-11-29T09:00:00Z',
    publishedAt: '2026-11-29T09:00:00Z',
    archivedAt: null,
    environment: 'prod',
  },
};
const body = JSON.stringify(event);

/** The headers the service sends: a `v1` signature per secret, at `at` (default: now). */
function signed(payload: string, secrets: string[], at = new Date(), id = event.id): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': secrets.map((s) => new Webhook(s).sign(id, at, payload)).join(' '),
  };
}

/** The error `unwrapWebhook` rejected with, or a failure if it resolved. */
async function refusal(...args: Parameters<typeof unwrapWebhook>): Promise<WebhookVerificationError> {
  const error = await unwrapWebhook(...args).then(
    () => expect.fail('the delivery was accepted'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WebhookVerificationError);
  return error as WebhookVerificationError;
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe('unwrapWebhook accepts what standardwebhooks signs', () => {
  it('returns the typed event of a string body, headers as a plain record', async () => {
    const secret = newSecret();
    const unwrapped = await unwrapWebhook(body, signed(body, [secret]), secret);
    expect(unwrapped).toEqual(event);
    expect(unwrapped.type === 'course.published' && unwrapped.data.name).toBe(event.data.name);
  });

  it('client.webhooks.unwrap is the same verifier, loaded when first called', async () => {
    const secret = newSecret();
    const client = createCourseClient({ baseUrl: 'http://127.0.0.1:9' });
    expect(await client.webhooks.unwrap(body, signed(body, [secret]), secret)).toEqual(event);
    const forged = signed(body, [newSecret()]);
    await expect(client.webhooks.unwrap(body, forged, secret)).rejects.toBeInstanceOf(
      WebhookVerificationError,
    );
  });

  it('verifies the bytes of a Uint8Array or Buffer body, and Fetch Headers or any header case', async () => {
    const secret = newSecret();
    const headers = signed(body, [secret]);
    const bytes = new TextEncoder().encode(body);
    expect(await unwrapWebhook(bytes, new Headers(headers), secret)).toEqual(event);
    expect(await unwrapWebhook(Buffer.from(body), headers, [secret])).toEqual(event);
    const shouted = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toUpperCase(), v]));
    expect(await unwrapWebhook(bytes, shouted, secret)).toEqual(event);
  });

  it('during a rotation: two signatures, either secret, or both secrets given', async () => {
    const [oldSecret, rotated] = [newSecret(), newSecret()];
    const headers = signed(body, [rotated, oldSecret]);
    expect(await unwrapWebhook(body, headers, rotated)).toEqual(event);
    expect(await unwrapWebhook(body, headers, oldSecret)).toEqual(event);
    expect(await unwrapWebhook(body, headers, [oldSecret, rotated])).toEqual(event);
    // A receiver that holds both accepts deliveries signed by either alone.
    expect(await unwrapWebhook(body, signed(body, [oldSecret]), [rotated, oldSecret])).toEqual(event);
    expect(await unwrapWebhook(body, signed(body, [rotated]), [rotated, oldSecret])).toEqual(event);
  });

  it('skips signatures of other versions and repeated headers as Fetch joins them', async () => {
    const secret = newSecret();
    const headers = signed(body, [secret]);
    const mixed = { ...headers, 'webhook-signature': `v1a,AAAA v2,BBBB ${headers['webhook-signature']}` };
    expect(await unwrapWebhook(body, mixed, secret)).toEqual(event);
    const repeated = new Headers({
      'webhook-id': event.id,
      'webhook-timestamp': headers['webhook-timestamp'] ?? '',
    });
    repeated.append('webhook-signature', new Webhook(newSecret()).sign(event.id, new Date(), body));
    repeated.append('webhook-signature', headers['webhook-signature'] ?? '');
    expect(await unwrapWebhook(body, repeated, secret)).toEqual(event);
  });

  it('returns the test event an endpoint is sent', async () => {
    const secret = newSecret();
    const test: TestEvent = { ...event, type: 'webhook.test', data: { endpointId: 'whe_2Nq8xT5mK9pR3vL7' } };
    const payload = JSON.stringify(test);
    expect(await unwrapWebhook(payload, signed(payload, [secret], new Date(), test.id), secret)).toEqual(
      test,
    );
  });

  it('accepts an older delivery within a wider tolerance', async () => {
    const secret = newSecret();
    const headers = signed(body, [secret], minutesAgo(6));
    expect(await unwrapWebhook(body, headers, secret, { toleranceSeconds: 600 })).toEqual(event);
  });

  it('agrees with standardwebhooks on any text, as a string or as UTF-8 bytes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme', maxLength: 80 }), async (name) => {
        const secret = newSecret();
        const payload = JSON.stringify({ ...event, data: { ...event.data, name } });
        const headers = signed(payload, [secret]);
        expect(new Webhook(secret).verify(payload, headers)).toEqual(JSON.parse(payload));
        expect(await unwrapWebhook(payload, headers, secret)).toEqual(JSON.parse(payload));
        expect(await unwrapWebhook(new TextEncoder().encode(payload), headers, secret)).toEqual(
          JSON.parse(payload),
        );
      }),
      { numRuns: 50 },
    );
  });
});

describe('unwrapWebhook refuses with a typed error', () => {
  it('a wrong secret: invalid_signature, a CourseServiceError without status', async () => {
    const error = await refusal(body, signed(body, [newSecret()]), newSecret());
    expect(error).toBeInstanceOf(CourseServiceError);
    expect(error).toMatchObject({
      name: 'WebhookVerificationError',
      code: 'invalid_signature',
      status: undefined,
    });
    expect(error.detail).toBe('No signature matches the secrets given.');
  });

  it('a tampered body, id or timestamp: invalid_signature', async () => {
    const secret = newSecret();
    const headers = signed(body, [secret]);
    const tampered = body.replace('"published"', '"archived"');
    expect((await refusal(tampered, headers, secret)).code).toBe('invalid_signature');
    const bytes = new TextEncoder().encode(body);
    bytes[bytes.length - 2] = (bytes[bytes.length - 2] ?? 0) ^ 1;
    expect((await refusal(bytes, headers, secret)).code).toBe('invalid_signature');
    expect((await refusal(body, { ...headers, 'webhook-id': 'evt_0000000000000000' }, secret)).code).toBe(
      'invalid_signature',
    );
    const earlier = String(Number(headers['webhook-timestamp']) - 1);
    expect((await refusal(body, { ...headers, 'webhook-timestamp': earlier }, secret)).code).toBe(
      'invalid_signature',
    );
  });

  it('any change of one byte, wherever it is: invalid_signature', async () => {
    const secret = newSecret();
    const headers = signed(body, [secret]);
    const bytes = new TextEncoder().encode(body);
    await fc.assert(
      fc.asyncProperty(fc.nat(bytes.length - 1), fc.integer({ min: 1, max: 255 }), async (at, flip) => {
        const changed = bytes.slice();
        changed[at] = (changed[at] ?? 0) ^ flip;
        expect((await refusal(changed, headers, secret)).code).toBe('invalid_signature');
      }),
      { numRuns: 50 },
    );
  });

  it('a signature that is not v1, or not base64: invalid_signature', async () => {
    const secret = newSecret();
    const headers = signed(body, [secret]);
    const v1a = {
      ...headers,
      'webhook-signature': headers['webhook-signature']?.replace('v1,', 'v1a,') ?? '',
    };
    expect((await refusal(body, v1a, secret)).code).toBe('invalid_signature');
    expect((await refusal(body, { ...headers, 'webhook-signature': 'v1,not*base64' }, secret)).code).toBe(
      'invalid_signature',
    );
  });

  it('an old or a future timestamp: timestamp_out_of_tolerance, even when well signed', async () => {
    const secret = newSecret();
    for (const at of [minutesAgo(6), minutesAgo(-6)]) {
      const error = await refusal(body, signed(body, [secret], at), secret);
      expect(error.code).toBe('timestamp_out_of_tolerance');
      // standardwebhooks refuses the same delivery.
      expect(() => new Webhook(secret).verify(body, signed(body, [secret], at))).toThrow(/timestamp/);
    }
    expect(
      (await refusal(body, signed(body, [secret], minutesAgo(2)), secret, { toleranceSeconds: 60 })).code,
    ).toBe('timestamp_out_of_tolerance');
  });

  it('a timestamp that is not whole seconds: invalid_timestamp', async () => {
    const secret = newSecret();
    const headers = signed(body, [secret]);
    for (const timestamp of ['soon', '1764406800.5', '-1764406800', `${Date.now()}000000`])
      expect((await refusal(body, { ...headers, 'webhook-timestamp': timestamp }, secret)).code).toBe(
        'invalid_timestamp',
      );
  });

  it('a missing or empty header: missing_header, naming it', async () => {
    const secret = newSecret();
    const headers = signed(body, [secret]);
    for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) {
      const { [name]: _, ...without } = headers;
      const error = await refusal(body, without as WebhookHeaders, secret);
      expect([error.code, error.detail]).toEqual(['missing_header', `The ${name} header is missing.`]);
      expect((await refusal(body, { ...headers, [name]: '' }, secret)).code).toBe('missing_header');
    }
  });

  it('a well-signed body that is not an event: invalid_payload', async () => {
    const secret = newSecret();
    for (const payload of ['not json', '[]', 'null', '{"id":"evt_1","type":"course.created"}']) {
      const error = await refusal(payload, signed(payload, [secret]), secret);
      expect(error.code).toBe('invalid_payload');
    }
  });

  it('a secret that is not whsec_ and base64, or none: a TypeError, the configuration is wrong', async () => {
    const headers = signed(body, [newSecret()]);
    await expect(unwrapWebhook(body, headers, 'whsec_not base64!')).rejects.toThrow(TypeError);
    await expect(unwrapWebhook(body, headers, 'whsec_')).rejects.toThrow(TypeError);
    await expect(unwrapWebhook(body, headers, [])).rejects.toThrow(TypeError);
  });
});
