import { describe, expect, it } from 'vitest';
import { install, packPackages } from '../../test-support/packages/packed-packages.ts';
import { contractCheck } from './contract-check.fixture.ts';

// Beside contract-package.test.ts, so that the two runs of the suite overlap. That file checks the
// suite against a server with nothing set, pacing included; this one checks it on vitest 5, with
// failed authentication unlimited so that it does not wait out the same windows a second time.
const packed = packPackages('@course-service/contract-tests');
const check = contractCheck(packed.work, { AUTH_FAILURE_LIMIT_MAX: '1000000' });

describe('@course-service/contract-tests, installed from its tarball on vitest 5', () => {
  it('checks a running server with vitest 5, which needs Node 22 or later (Node 24 from the registry)', async () => {
    const dir = packed.project('contract-consumer-vitest5');
    install(dir, ['vitest@5', packed.tarball('@course-service/contract-tests')], true);
    const { status, output, report } = await check(dir, true);
    expect(status, output).toBe(0);
    expect(report.passed).toBe(true);
  });
});
