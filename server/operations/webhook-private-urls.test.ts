// Which webhook URLs a server takes by WEBHOOK_ALLOW_PRIVATE_URLS and NODE_ENV: a development server
// takes local receivers by default; the operations' own rules are in webhook-endpoints.test.ts.
import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server/harness.ts';
import { accountOn, createEndpoint } from '../../test-support/server/webhook-accounts.ts';

describe('WEBHOOK_ALLOW_PRIVATE_URLS', () => {
  const tryUrls = async (target: TestServer, subject: string) => {
    const { key } = await accountOn(target, subject);
    const urls = ['http://127.0.0.1:8080/hook', 'http://localhost:8080/hook', 'https://10.0.0.7/hook'];
    const statuses: number[] = [];
    for (const url of urls) statuses.push((await createEndpoint(target, key, { url })).status);
    const metadata = await createEndpoint(target, key, { url: 'http://169.254.169.254/' });
    return { statuses, metadata: metadata.status };
  };

  it('a development server takes http and loopback or private URLs by default, never metadata ones', async () => {
    const dev = await startTestServer();
    try {
      expect(await tryUrls(dev, 'wh-dev')).toEqual({ statuses: [201, 201, 201], metadata: 400 });
    } finally {
      await dev.close();
    }
  });

  it('false turns it off in development; true turns it on', async () => {
    const off = await startTestServer({ WEBHOOK_ALLOW_PRIVATE_URLS: 'false' });
    const on = await startTestServer({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
    try {
      expect(await tryUrls(off, 'wh-off')).toEqual({ statuses: [400, 400, 400], metadata: 400 });
      expect(await tryUrls(on, 'wh-on')).toEqual({ statuses: [201, 201, 201], metadata: 400 });
    } finally {
      await off.close();
      await on.close();
    }
  });
});
