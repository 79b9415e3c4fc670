import { startWebhookReceiver } from '../webhooks/webhook-receiver.ts';
import { remoteTarget } from './remote-target.ts';
import type { Target } from './target.ts';

/** The targets that start in this process rather than being reached by URL. */
type InProcessName = 'server' | 'mocks';

/** Starts an in-process target; `env` is the run's environment (`CONTRACT_DATABASE_URL`, …). */
export type TargetStarter = (env: Record<string, string | undefined>) => Promise<Target>;

// Filled by whoever runs the suite with in-process targets (the course-service repository, from a
// vitest setup file): the published package starts nothing itself and knows no file of theirs.
const starters = new Map<InProcessName, TargetStarter>();

/**
 * Registers how to start the `server` (the built-in reference server) or `mocks` target, for runs
 * given no base URL; call it before `selectTarget`, for example from a vitest setup file.
 *
 * @example registerTarget('mocks', () => startMyMocksTarget());
 */
export function registerTarget(name: InProcessName, start: TargetStarter): void {
  starters.set(name, start);
}

function startRegistered(name: InProcessName, env: Record<string, string | undefined>): Promise<Target> {
  const start = starters.get(name);
  if (!start) {
    throw new Error(
      `The ${name === 'server' ? 'built-in reference server' : 'msw mocks'} target runs from the course-service repository only: give the server to check with --base-url (CONTRACT_BASE_URL).`,
    );
  }
  return start(env);
}

/**
 * Chooses the target from the environment: `CONTRACT_TARGET=mocks` for the msw mocks,
 * `CONTRACT_BASE_URL` (with `CONTRACT_ID_TOKEN_URL`, `CONTRACT_ID_TOKEN_COMMAND`, `CONTRACT_JWKS_URL`,
 * `CONTRACT_WEBHOOK_URL`, without which the suite's webhook receiver listens on loopback)
 * for a running server, otherwise the built-in reference server (on PostgreSQL and Redis when
 * `CONTRACT_DATABASE_URL` and `CONTRACT_REDIS_URL` are set). The in-process targets are those
 * `registerTarget` was given: the course-service repository registers both.
 *
 * @example
 * const target = await selectTarget(process.env);
 */
export async function selectTarget(env: Record<string, string | undefined>): Promise<Target> {
  if (env.CONTRACT_TARGET === 'mocks') return startRegistered('mocks', env);
  if (env.CONTRACT_TARGET && env.CONTRACT_TARGET !== 'server') {
    throw new Error(`CONTRACT_TARGET must be 'server' or 'mocks', got '${env.CONTRACT_TARGET}'`);
  }
  if (!env.CONTRACT_BASE_URL) return startRegistered('server', env);
  const webhookUrl = env.CONTRACT_WEBHOOK_URL || undefined;
  return remoteTarget({
    baseUrl: env.CONTRACT_BASE_URL,
    idTokenUrl: env.CONTRACT_ID_TOKEN_URL || undefined,
    idTokenCommand: env.CONTRACT_ID_TOKEN_COMMAND || undefined,
    jwksUrl: env.CONTRACT_JWKS_URL || undefined,
    webhookUrl,
    webhookReceiver: webhookUrl ? undefined : await startWebhookReceiver(),
  });
}
