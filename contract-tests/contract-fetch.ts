import type { AuthBudget } from './auth-budget.ts';
import { tally } from './check-tally.ts';
import { type Finding, RESPONSE_CHECKS } from './checks.ts';
import { coverage, SERVER_LEVEL } from './coverage.ts';
import { curlOf, failureLog, type RecordedRequest, recordRequest, recordResponse } from './failure-log.ts';
import type { Pacer } from './pacer.ts';
import type { ContractSpec } from './spec.ts';
import type { Target } from './targets/target.ts';
import type { ResponseValidator } from './validator.ts';

/**
 * The one door to the target: a `fetch` that sends the request, checks the response against the
 * spec for its operation (no 5xx, status declared, Content-Type, declared headers, body schema),
 * counts each check's passes and failures, and records the (operation, status) pair. The SDK
 * clients and the raw calls both use it, so no test can bypass it. A broken promise is recorded
 * as a violation, named after its check, which fails the test it happened in. With a `pacer`, a
 * failed-authentication 429 is checked and recorded like any answer, then waited out and the
 * request sent again, so the suite runs against a server's default limits; a `budget` reads every
 * answer for the failed-authentication policy and counts what the run spends of it.
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
  budget?: AuthBudget,
): typeof fetch {
  const basePath = new URL(target.baseUrl).pathname.replace(/\/$/, '');
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const path = url.pathname.slice(basePath.length);
    const operation = spec.find(request.method, path);
    // As sent, for a failure's reproduction: read before the request is, since sending consumes it.
    const body = request.body ? await request.clone().text() : undefined;
    const sent = recordRequest(request, `${path}${url.search}`, body);
    for (;;) {
      // A clone per attempt, so a paced request can be sent again with its body.
      const response = await target.fetch(pacer ? request.clone() : request);
      tally.requests++;
      budget?.observe(response);
      await check(operation, sent, response);
      if (!(await pacer?.waitIfPaced(response, `${request.method} ${path}`))) return response;
    }
  };

  /**
   * An answer to a method or path the spec does not declare: a declared path's other methods must
   * answer 405, other paths 404. `HEAD` where `GET` is declared is answered as `GET` (RFC 9110, as
   * the spec says), and `OPTIONS` is a protocol's (CORS).
   */
  function recordUndeclared(method: string, path: string, status: number): void {
    const bare = path.split('?')[0] ?? path;
    if (method === 'OPTIONS' || (method === 'HEAD' && spec.find('GET', bare))) return;
    const declaredPath = spec.operations.some((op) => op.matcher.test(bare));
    failureLog.answeredUndeclared({ method, path: bare, status, expected: declaredPath ? 405 : 404 });
  }

  async function check(
    operation: ReturnType<ContractSpec['find']>,
    sent: RecordedRequest,
    response: Response,
  ): Promise<void> {
    const { method, path } = sent;
    const body = await response.clone().text();
    const findings: Finding[] = validator.findings(operation, {
      status: response.status,
      headers: response.headers,
      body,
    });
    if (response.status >= 500)
      findings.unshift({
        check: 'no-server-error',
        message: `status ${response.status}: ${body.slice(0, 200)}`,
      });
    const curl = curlOf(target.baseUrl, sent);
    const answered = recordResponse(response.status, response.headers, body);
    failureLog.latest = {
      operationId: operation?.operationId ?? null,
      request: sent,
      curl,
      response: answered,
    };
    coverage.record(operation?.operationId ?? SERVER_LEVEL, response.status);
    if (!operation) recordUndeclared(method, path, response.status);
    const statusBroken = findings.some((finding) => finding.check === 'declared-status');
    const where = `${method} ${path} → ${response.status} (${operation?.operationId ?? 'no operation'})`;
    for (const name of RESPONSE_CHECKS) {
      const broken = findings.filter((finding) => finding.check === name);
      // An undeclared status has no declaration to check headers, type and body against.
      if (broken.length === 0 && !(statusBroken && name !== 'no-server-error')) tally.pass(name);
      for (const finding of broken) tally.fail(name, `${where}: ${finding.message}`);
    }
    if (findings.length > 0) {
      for (const finding of findings)
        failureLog.add({
          check: finding.check,
          operationId: operation?.operationId ?? null,
          request: sent,
          curl,
          response: answered,
          expectation: finding.message,
        });
      const lines = findings.map((finding) => `[${finding.check}] ${finding.message}`);
      coverage.violation(`${where}:\n    ${lines.join('\n    ')}\n    reproduce: ${curl}`);
    }
  }
}
