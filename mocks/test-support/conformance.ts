// Test-only: checks every response the mocks send against the spec with the contract suite's own
// validator, independently of the code that made the response.
import type { setupServer } from 'msw/node';
import { loadContractSpec } from '../../contract-tests/spec.ts';
import { createResponseValidator } from '../../contract-tests/validator.ts';

const spec = loadContractSpec();
const validator = createResponseValidator(spec);

/** The reasons `response` breaks the spec for `method path` (empty when it conforms). */
async function conformanceProblems(method: string, path: string, response: Response): Promise<string[]> {
  const snapshot = { status: response.status, headers: response.headers, body: await response.text() };
  return validator
    .validate(spec.find(method, path), snapshot)
    .map((problem) => `${method} ${path}: ${problem}`);
}

/**
 * Checks every response `server` mocks for `baseUrl` against the spec; `problems()` awaits them all.
 *
 * @example const conformance = watchConformance(server, baseUrl); afterAll(async () => expect(await conformance.problems()).toEqual([]));
 */
export function watchConformance(server: ReturnType<typeof setupServer>, baseUrl: string) {
  const checks: Promise<string[]>[] = [];
  let count = 0;
  const basePath = new URL(baseUrl).pathname.replace(/\/$/, '');
  server.events.on('response:mocked', ({ request, response }) => {
    const path = new URL(request.url).pathname.slice(basePath.length);
    // The development identity provider is a convenience of the mocks and the server, not the API.
    if (path.startsWith('/dev/')) return;
    count += 1;
    checks.push(conformanceProblems(request.method, path, response.clone()));
  });
  return {
    /** How many responses were checked. */
    count: () => count,
    problems: async () => (await Promise.all(checks)).flat(),
  };
}
