import { remoteTarget, type Target } from '@course-service/contract-tests';
import { startBuiltInTarget } from '../test-support/contract-targets/built-in-target.ts';
import { mocksTarget } from '../test-support/contract-targets/mocks-target.ts';

/** Quotas high enough that fuzzing measures the API rather than its rate limits. */
const UNLIMITED = '1000000000';

/**
 * The target to fuzz: `server` (the built-in reference server, quotas lifted; on sql.js, or on the
 * PostgreSQL and Redis of `backend`), `mocks` (the msw mocks, quotas lifted) or a base URL (a
 * running server, as deployed: expect `429`s once its quotas are spent, which the checks accept
 * where the spec declares them).
 *
 * @example const target = await fuzzTarget('mocks');
 */
export function fuzzTarget(
  name: string,
  backend: { DATABASE_URL?: string | undefined; REDIS_URL?: string | undefined } = {},
): Promise<Target> {
  if (name === 'server')
    return startBuiltInTarget({ RATE_LIMIT_MAX: UNLIMITED, KEY_CREATION_LIMIT_MAX: UNLIMITED }, backend);
  if (backend.DATABASE_URL || backend.REDIS_URL)
    throw new Error('--database-url and --redis-url choose the backend of --target server only');
  if (name === 'mocks') return mocksTarget({ max: Number(UNLIMITED) });
  if (!URL.canParse(name)) throw new Error(`--target must be 'server', 'mocks' or a URL, got '${name}'`);
  return Promise.resolve(remoteTarget({ baseUrl: name }));
}
