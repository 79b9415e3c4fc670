import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { startTestServer } from '../../test-support/server/harness.ts';
import { startWebhookReceiver } from '../../test-support/server/webhook-receiver.ts';

// The address is checked again at each delivery, not only on save: an endpoint saved while
// private URLs were allowed gets nothing once the server runs with the setting off.
it('refuses at delivery a loopback endpoint saved while private URLs were allowed', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'webhook-refused-'));
  const receiver = await startWebhookReceiver();
  const allowing = await startTestServer({ DATA_DIR: dataDir, WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  const key = await allowing.apiKey('refused');
  const endpoint = await allowing.call('POST', '/api/v1/webhook-endpoints', {
    bearer: key,
    body: { url: receiver.url },
  });
  expect(endpoint.status).toBe(201);
  await allowing.close();

  const server = await startTestServer({
    DATA_DIR: dataDir,
    WEBHOOK_ALLOW_PRIVATE_URLS: 'false',
    WEBHOOK_POLL_MS: '50',
    WEBHOOK_RETRY_SCHEDULE: '3600',
  });
  try {
    await server.call('POST', '/api/v1/courses', {
      bearer: key,
      body: { name: 'Not sent', description: '' },
    });
    const deliveries = `/api/v1/webhook-endpoints/${endpoint.body.id}/deliveries`;
    await expect
      .poll(async () => (await server.call('GET', deliveries, { bearer: key })).body.data[0]?.attempts)
      .toBe(1);
    expect((await server.call('GET', deliveries, { bearer: key })).body.data[0]).toMatchObject({
      status: 'pending',
      error: 'address_refused',
      responseStatus: null,
    });
    expect(receiver.received).toEqual([]);
  } finally {
    await server.close();
    await receiver.close();
  }
});
