import type { TestServer } from './harness.ts';

/** A public address that needs no DNS (there is none offline): what a valid webhook URL points to. */
export const PUBLIC_HOOK_URL = 'https://93.184.216.34/hooks/courses';

/** An account's ID token and one of its keys (all scopes unless `body` says otherwise), on `server`. */
export async function accountOn(server: TestServer, subject: string, body: Record<string, unknown> = {}) {
  const token = await server.idToken(subject);
  const created = await server.call('POST', '/api/v1/api-keys', {
    bearer: token,
    body: { name: 'webhooks', ...body },
  });
  if (created.status !== 201) throw new Error(`key creation failed: ${JSON.stringify(created.body)}`);
  return { token, key: created.body.key as string, keyId: created.body.id as string };
}

/** Creates a webhook endpoint with `body` (the public URL unless given) and returns the answer. */
export function createEndpoint(
  server: TestServer,
  key: string,
  body: Record<string, unknown> = {},
  headers?: Record<string, string>,
) {
  return server.call('POST', '/api/v1/webhook-endpoints', {
    bearer: key,
    body: { url: PUBLIC_HOOK_URL, ...body },
    ...(headers && { headers }),
  });
}
