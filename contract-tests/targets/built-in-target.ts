import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../server/index.ts';
import type { Target } from './target.ts';
import { startTestIdentityProvider } from './test-identity-provider.ts';

/** The quotas of the sibling started for the 429 checks. */
const SMALL_LIMITS = {
  RATE_LIMIT_MAX: '5',
  RATE_LIMIT_WINDOW_SECONDS: '2',
  AUTH_FAILURE_LIMIT_MAX: '3',
};

/**
 * The reference server, started in this process on an ephemeral loopback port with a throwaway data
 * directory, trusting a test identity provider whose signing key the suite holds. Failed
 * authentication is effectively unlimited, since the suite fails it on purpose many times.
 *
 * @example
 * const target = await startBuiltInTarget();
 * await target.close();
 */
export async function startBuiltInTarget(env: Record<string, string> = {}): Promise<Target> {
  const idp = await startTestIdentityProvider();
  const dataDir = await mkdtemp(join(tmpdir(), 'course-contract-'));
  const server = await startServer({
    env: {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      RATE_LIMIT_MAX: '100',
      AUTH_FAILURE_LIMIT_MAX: '1000000',
      IDP_ISSUER: idp.issuer,
      IDP_AUDIENCE: idp.audience,
      IDP_JWKS_URL: idp.jwksUrl,
      ...env,
    },
  });
  return {
    name: `the built-in reference server (${server.url}, ${env.RATE_LIMIT_MAX ? 'small quotas' : 'default quotas'})`,
    baseUrl: server.url,
    fetch: (request) => fetch(request),
    issueIdToken: (subject) => idp.sign({ sub: subject }),
    idp: { sign: idp.sign, jwks: idp.jwks },
    withSmallLimits: () => startBuiltInTarget(SMALL_LIMITS),
    unsupported: {},
    async close() {
      await server.close();
      await idp.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
