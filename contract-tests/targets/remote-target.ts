import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { WebhookReceiver } from '../webhooks/webhook-receiver.ts';
import { developmentScanner } from './development-scanner.ts';
import type { Target } from './target.ts';

const run = promisify(execFile);

/** How to reach a running server and its identity provider (from `CONTRACT_*` variables). */
export interface RemoteTargetOptions {
  /** `CONTRACT_BASE_URL`. */
  baseUrl: string;
  /** `CONTRACT_ID_TOKEN_URL`: a dev-style endpoint, `POST {"sub"}` → `{"idToken"}`. Default `<base>/dev/token`. */
  idTokenUrl?: string | undefined;
  /** `CONTRACT_ID_TOKEN_COMMAND`: a shell command printing an ID token for `$CONTRACT_SUBJECT`; wins over the URL. */
  idTokenCommand?: string | undefined;
  /** `CONTRACT_JWKS_URL`: the provider's public keys. Default `<base>/dev/.well-known/jwks.json` with the dev provider. */
  jwksUrl?: string | undefined;
  /** `CONTRACT_WEBHOOK_URL`: a URL the server accepts for webhook endpoints, where no receiver of the suite listens. */
  webhookUrl?: string | undefined;
  /** Without `webhookUrl`: the suite's receiver on this machine's loopback, for a server that can reach it. */
  webhookReceiver?: WebhookReceiver | undefined;
}

async function fromUrl(url: string, subject: string): Promise<string> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ sub: subject }),
  });
  if (!response.ok)
    throw new Error(`${url} answered ${response.status}; is the development identity provider on?`);
  return ((await response.json()) as { idToken: string }).idToken;
}

async function fromCommand(command: string, subject: string): Promise<string> {
  const { stdout } = await run('sh', ['-c', command], { env: { ...process.env, CONTRACT_SUBJECT: subject } });
  return stdout.trim();
}

/**
 * A server running elsewhere (`npm start`, a deployment). The suite cannot sign ID tokens for its
 * provider nor change its quotas, so those checks are reported as limitations of the run. Its
 * webhook endpoints point at `webhookUrl`, or else at the suite's receiver on loopback (a server on
 * this machine that allows private addresses delivers there).
 *
 * @example
 * const target = remoteTarget({ baseUrl: 'http://127.0.0.1:3000' });
 */
export function remoteTarget(options: RemoteTargetOptions): Target {
  const baseUrl = options.baseUrl.replace(/\/$/, '');
  const command = options.idTokenCommand;
  const idTokenUrl = options.idTokenUrl ?? `${baseUrl}/dev/token`;
  const receiver = options.webhookUrl ? undefined : options.webhookReceiver;
  const jwksUrl = options.jwksUrl ?? (command ? undefined : `${baseUrl}/dev/.well-known/jwks.json`);
  return {
    name: `${baseUrl} (ID tokens from ${command ? 'CONTRACT_ID_TOKEN_COMMAND' : idTokenUrl})`,
    baseUrl,
    fetch: (request) => fetch(request),
    signLeakReport: developmentScanner(baseUrl, (request) => fetch(request)),
    issueIdToken: (subject) => (command ? fromCommand(command, subject) : fromUrl(idTokenUrl, subject)),
    idp: jwksUrl ? { jwks: async () => (await fetch(jwksUrl)).json() as never } : {},
    ...(options.webhookUrl ? { webhookUrl: options.webhookUrl } : {}),
    ...(receiver ? { webhookReceiver: receiver, webhookUrl: receiver.newUrl('generic') } : {}),
    unsupported: {
      sign: "the suite does not hold the identity provider's signing key, so it cannot make expired, wrong-issuer or wrong-audience ID tokens",
      ...(jwksUrl
        ? {}
        : { jwks: 'no CONTRACT_JWKS_URL, so the HS256-keyed-with-the-public-key forgery is not tried' }),
      withSmallLimits:
        "the server's quotas cannot be changed from here: 429s are driven with its own RateLimit-Policy quota, and the failed-authentication 429 is checked only when the suite meets it while pacing itself",
      ...(receiver
        ? {}
        : {
            webhookDelivery:
              'CONTRACT_WEBHOOK_URL names where the server delivers, not a receiver of the suite: deliveries are checked through the API alone',
          }),
    },
    close: async () => receiver?.close(),
  };
}
