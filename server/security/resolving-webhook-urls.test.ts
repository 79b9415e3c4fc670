import { describe, expect, it } from 'vitest';
import { type ResolveAll, resolvingWebhookUrls } from './resolving-webhook-urls.ts';

/** A resolver with fixed answers, standing in for DNS (this machine has no internet). */
const resolver =
  (answers: Record<string, string[]>): ResolveAll =>
  async (host) => {
    const addresses = answers[host];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return addresses;
  };

const answers = {
  'lms.example.com': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
  'rebind.example.com': ['93.184.216.34', '127.0.0.1'],
  'internal.example.com': ['10.0.0.8'],
  'mapped.example.com': ['::ffff:169.254.169.254'],
  'empty.example.com': [],
};

describe('resolvingWebhookUrls', () => {
  const check = (url: string, allowPrivate = false) =>
    resolvingWebhookUrls({ allowPrivate, resolve: resolver(answers) }).check(new URL(url));

  it('accepts a host whose every address is public', async () => {
    expect(await check('https://lms.example.com/hooks')).toBeUndefined();
  });

  it('refuses a host with any refused address among its answers', async () => {
    expect(await check('https://rebind.example.com/')).toBe(
      "its host 'rebind.example.com' resolves to a loopback address",
    );
    expect(await check('https://internal.example.com/')).toBe(
      "its host 'internal.example.com' resolves to a private address",
    );
    expect(await check('https://mapped.example.com/', true)).toBe(
      "its host 'mapped.example.com' resolves to a cloud metadata address",
    );
  });

  it('accepts a host that does not resolve, or to nothing: each delivery checks it again', async () => {
    expect(await check('https://nowhere.example.com/')).toBeUndefined();
    expect(await check('https://empty.example.com/')).toBeUndefined();
  });

  it('still refuses, by what the URL says, a host that does not resolve', async () => {
    expect(await check('http://nowhere.example.com/')).toBe('must be an https URL');
    expect(await check('https://metadata.google.internal/')).toBe('its host is a cloud metadata service');
    expect(await check('https://nowhere.localhost/')).toBe('its host is a loopback address');
  });

  it('applies the URL rules first, and resolves no IP literal', async () => {
    expect(await check('http://lms.example.com/')).toBe('must be an https URL');
    expect(await check('https://[::1]/')).toBe('its host is a loopback address');
    expect(await check('https://93.184.216.34/')).toBeUndefined();
  });

  it('allowPrivate admits private answers and http', async () => {
    expect(await check('http://internal.example.com/', true)).toBeUndefined();
  });

  it("uses Node's resolver by default: localhost is loopback", async () => {
    const node = resolvingWebhookUrls({ allowPrivate: false });
    expect(await node.check(new URL('https://localhost./'))).toBe('its host is a loopback address');
    expect(
      await resolvingWebhookUrls({ allowPrivate: true }).check(new URL('http://localhost:1/')),
    ).toBeUndefined();
  });
});
