import { generateKeyPairSync, sign } from 'node:crypto';
import { setupServer } from 'msw/node';
import type { Target } from '../../contract-tests/targets/target.ts';
import { inProcessWebhookReceiver } from '../../contract-tests/webhooks/webhook-receiver.ts';
import { createCourseServiceMock } from '../../mocks/index.ts';

const BASE_URL = 'http://course-service.mock';
const UNLIMITED_AUTH_FAILURES = 1_000_000;
/** Where the mocks' webhook endpoints point: deliveries to it reach the suite's handler in-process. */
const RECEIVER_ORIGIN = 'https://receiver.contract.mock';
/** The identifier of the suite's secret-scanner key, which the mocks are given as the service fetches it. */
const SCANNER_KEY_ID = 'contract-scanner';
/** How often the mocks look for due retries; each write delivers at once anyway. */
const WEBHOOK_POLL_MS = 50;

/**
 * The msw mocks as a target: msw's `setupServer` intercepts this process's `fetch`, as it does in a
 * consumer's tests, and any request no handler answers fails the run. ID tokens come from the mocks'
 * own `POST /dev/token`. The mocks deliver webhooks in-process, to the suite's receiver.
 *
 * @example
 * const target = await mocksTarget();
 */
export async function mocksTarget(
  rateLimit: { max?: number; windowSeconds?: number; authFailureMax?: number } = {},
): Promise<Target> {
  const { receiver, handle } = inProcessWebhookReceiver(RECEIVER_ORIGIN);
  const scanner = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const mock = createCourseServiceMock({
    baseUrl: BASE_URL,
    secretScanningKeys: {
      [SCANNER_KEY_ID]: scanner.publicKey.export({ type: 'spki', format: 'pem' }) as string,
    },
    rateLimit: { authFailureMax: UNLIMITED_AUTH_FAILURES, ...rateLimit },
    webhooks: { deliver: handle, pollMs: WEBHOOK_POLL_MS },
  });
  const interceptor = setupServer(...mock.handlers);
  interceptor.listen({ onUnhandledRequest: 'error' });
  return {
    name: `the msw mocks (${rateLimit.max === undefined ? 'default quotas' : rateLimit.max > 1000 ? 'quotas lifted' : 'small quotas'})`,
    baseUrl: BASE_URL,
    fetch: (request) => fetch(request),
    signLeakReport: async (report) => ({
      keyIdentifier: SCANNER_KEY_ID,
      signature: sign('sha256', Buffer.from(report), scanner.privateKey).toString('base64'),
    }),
    async issueIdToken(subject) {
      const response = await fetch(`${BASE_URL}/dev/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ sub: subject }),
      });
      return ((await response.json()) as { idToken: string }).idToken;
    },
    idp: {},
    webhookUrl: receiver.newUrl('generic'),
    webhookReceiver: receiver,
    authFailurePolicy: {
      quota: rateLimit.authFailureMax ?? UNLIMITED_AUTH_FAILURES,
      windowSeconds: rateLimit.windowSeconds ?? 60,
    },
    // Both sets of handlers cannot intercept at once: the small-quota mock replaces this one until closed.
    withSmallLimits: async () => {
      interceptor.close();
      const small = await mocksTarget({ max: 5, windowSeconds: 2, authFailureMax: 3 });
      const close = async () => {
        await small.close();
        interceptor.listen({ onUnhandledRequest: 'error' });
      };
      return { ...small, close };
    },
    unsupported: {
      sign: 'the mocks accept the ID tokens they issue and no signed JWTs, so expiry and claim checks of ID tokens are not theirs to make',
      jwks: 'the mocks publish no JWKS',
      mcpTools:
        'the mocks model the REST API; their /mcp authenticates and answers JSON-RPC, but offers no tools',
    },
    close: async () => {
      await mock.webhooks.settle();
      interceptor.close();
    },
  };
}
