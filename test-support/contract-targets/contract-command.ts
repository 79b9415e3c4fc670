// `npm run contract`: the `course-contract` command from source, with the repository's in-process
// targets registered, so that it also runs without a base URL (the reference server, or with
// `--target mocks` the msw mocks). The published command checks a server at a URL only.
import { fileURLToPath } from 'node:url';
import { courseContract } from '../../contract-tests/course-contract.ts';

process.exit(
  await courseContract(process.argv.slice(2), {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    inProcessTargets: fileURLToPath(new URL('./in-process-targets.ts', import.meta.url)),
  }),
);
