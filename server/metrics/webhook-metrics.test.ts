import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server/harness.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../test-support/server/webhook-receiver.ts';

const open: Array<TestServer | WebhookReceiver> = [];
afterEach(async () => {
  for (const closable of open.splice(0).reverse()) await closable.close();
});

/** The value of one sample of the server's /metrics, or undefined when it is not there. */
async function sample(server: TestServer, name: string): Promise<number | undefined> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

describe('webhook metrics', () => {
  it('count attempts by outcome and show the pending backlog', async () => {
    const server = await startTestServer({
      METRICS: 'on',
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      WEBHOOK_POLL_MS: '50',
      // One retry, an hour away: the delivery stays pending after the first failed attempt.
      WEBHOOK_RETRY_SCHEDULE: '3600',
    });
    const receiver = await startWebhookReceiver();
    open.push(server, receiver);
    const key = await server.apiKey('metrics');
    expect(await sample(server, 'course_service_webhook_attempts_total{outcome="succeeded"}')).toBe(0);
    await server.call('POST', '/api/v1/webhook-endpoints', { bearer: key, body: { url: receiver.url } });
    const create = () =>
      server.call('POST', '/api/v1/courses', { bearer: key, body: { name: 'Counted', description: '' } });

    await create();
    await expect
      .poll(() => sample(server, 'course_service_webhook_attempts_total{outcome="succeeded"}'))
      .toBe(1);
    expect(await sample(server, 'course_service_webhook_deliveries_pending')).toBe(0);

    receiver.answer(500);
    await create();
    await expect
      .poll(() => sample(server, 'course_service_webhook_attempts_total{outcome="retrying"}'))
      .toBe(1);
    expect(await sample(server, 'course_service_webhook_deliveries_pending')).toBe(1);

    receiver.answer(410);
    await create();
    await expect.poll(() => sample(server, 'course_service_webhook_attempts_total{outcome="gone"}')).toBe(1);
    // The endpoint is disabled: its pending delivery failed with it.
    expect(await sample(server, 'course_service_webhook_deliveries_pending')).toBe(0);
    expect(await sample(server, 'course_service_webhook_attempts_total{outcome="failed"}')).toBe(0);
  });
});
