import { startBuiltInTarget } from './built-in-target.ts';
import { mocksTarget } from './mocks-target.ts';
import { remoteTarget } from './remote-target.ts';
import type { Target } from './target.ts';

/**
 * Chooses the target from the environment: `CONTRACT_TARGET=mocks` for the msw mocks,
 * `CONTRACT_BASE_URL` (with `CONTRACT_ID_TOKEN_URL`, `CONTRACT_ID_TOKEN_COMMAND`, `CONTRACT_JWKS_URL`)
 * for a running server, otherwise the built-in reference server (on PostgreSQL and Redis when
 * `CONTRACT_DATABASE_URL` and `CONTRACT_REDIS_URL` are set).
 *
 * @example
 * const target = await selectTarget(process.env);
 */
export async function selectTarget(env: Record<string, string | undefined>): Promise<Target> {
  if (env.CONTRACT_TARGET === 'mocks') return mocksTarget();
  if (env.CONTRACT_TARGET && env.CONTRACT_TARGET !== 'server') {
    throw new Error(`CONTRACT_TARGET must be 'server' or 'mocks', got '${env.CONTRACT_TARGET}'`);
  }
  if (!env.CONTRACT_BASE_URL) {
    return startBuiltInTarget(
      {},
      { DATABASE_URL: env.CONTRACT_DATABASE_URL, REDIS_URL: env.CONTRACT_REDIS_URL },
    );
  }
  return remoteTarget({
    baseUrl: env.CONTRACT_BASE_URL,
    idTokenUrl: env.CONTRACT_ID_TOKEN_URL || undefined,
    idTokenCommand: env.CONTRACT_ID_TOKEN_COMMAND || undefined,
    jwksUrl: env.CONTRACT_JWKS_URL || undefined,
  });
}
