// Vitest setup file of the contract projects (and of `npm run contract`, through the command's
// option): registers the targets that start from this repository's sources, so the published suite
// (which chooses among what was registered) names no file of the repository. Each loads only when
// chosen: a run against the mocks starts no server, one against the server loads no msw.
import { registerTarget } from '../../contract-tests/targets/select-target.ts';

registerTarget('server', async (env) =>
  (await import('./built-in-target.ts')).startBuiltInTarget(
    {},
    { DATABASE_URL: env.CONTRACT_DATABASE_URL, REDIS_URL: env.CONTRACT_REDIS_URL },
  ),
);
registerTarget('mocks', async () => (await import('./mocks-target.ts')).mocksTarget());
