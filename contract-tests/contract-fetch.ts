import { coverage, SERVER_LEVEL } from './coverage.ts';
import type { Pacer } from './pacer.ts';
import type { ContractSpec } from './spec.ts';
import type { Target } from './targets/target.ts';
import type { ResponseValidator } from './validator.ts';

/**
 * The one door to the target: a `fetch` that sends the request, validates the response against the
 * spec for its operation (status declared, Content-Type, declared headers, body schema) and records
 * the (operation, status) pair. The SDK clients and the raw calls both use it, so no test can bypass
 * it. A broken promise is recorded as a violation, which fails the test it happened in. With a
 * `pacer`, a failed-authentication 429 is validated and recorded like any answer, then waited out
 * and the request sent again, so the suite runs against a server's default limits.
 *
 * @example
 * const contractFetch = createContractFetch(target, spec, validator);
 * await contractFetch(`${target.baseUrl}/healthz`);
 */
export function createContractFetch(
  target: Target,
  spec: ContractSpec,
  validator: ResponseValidator,
  pacer?: Pacer,
): typeof fetch {
  const basePath = new URL(target.baseUrl).pathname.replace(/\/$/, '');
  return async (input, init) => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname.slice(basePath.length);
    const operation = spec.find(request.method, path);
    for (;;) {
      // A clone per attempt, so a paced request can be sent again with its body.
      const response = await target.fetch(pacer ? request.clone() : request);
      await check(operation, request.method, path, response);
      if (!(await pacer?.waitIfPaced(response, `${request.method} ${path}`))) return response;
    }
  };

  async function check(
    operation: ReturnType<ContractSpec['find']>,
    method: string,
    path: string,
    response: Response,
  ): Promise<void> {
    const body = await response.clone().text();
    const problems = validator.validate(operation, {
      status: response.status,
      headers: response.headers,
      body,
    });
    coverage.record(operation?.operationId ?? SERVER_LEVEL, response.status);
    if (problems.length > 0) {
      coverage.violation(
        `${method} ${path} → ${response.status} (${operation?.operationId ?? 'no operation'}):\n    ${problems.join('\n    ')}`,
      );
    }
  }
}
