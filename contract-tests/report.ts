import { writeFile } from 'node:fs/promises';
import { tally } from './check-tally.ts';
import { CHECKS, type CheckName } from './checks.ts';
import type { Contract } from './contract.ts';
import { coverage, SERVER_LEVEL, unexercised } from './coverage.ts';
import { type Cause, type FailureRecord, failureLog, type UndeclaredAnswer } from './failure-log.ts';

/** The hand-written tests' results, counted as they finish. */
export const scenarios = { passes: 0, failures: 0, failed: [] as string[] };

/** The JSON report of a run, for CI to keep: `course-contract --report FILE`. */
export interface ContractReport {
  target: string;
  /** The base URL the run checked: where `course-contract replay` sends the failures again by default. */
  baseUrl: string;
  startedAt: string;
  durationSeconds: number;
  requests: number;
  waitSeconds: number;
  failedAuthentication: { policy: string | null; spent: number };
  /** No check failed and every test passed (the coverage test among them, when it ran). */
  passed: boolean;
  /** Every declared operation × status: how often it was answered, and why not when it cannot be. */
  pairs: Array<{ operationId: string; status: string; answers: number; untestable?: string }>;
  unexercised: string[];
  serverLevel: Record<string, number>;
  checks: Record<string, { meaning: string; passes: number; failures: number; examples: string[] }>;
  scenarios: typeof scenarios;
  limitations: string[];
  /** The failures of the checks on every answer, grouped by cause (operation, check, observed), most frequent first. */
  causes: Cause[];
  /** Each such failure: the request (with its `curl`), the response, and the expectation it broke. */
  failures: FailureRecord[];
  /** What the target answered that the spec does not declare: methods on declared paths that did not answer 405, paths that did not answer 404. */
  undeclared: UndeclaredAnswer[];
}

/**
 * What the run did, as data: the operation × status pairs exercised, each check's passes and
 * failures (with the first failure messages), requests sent and time spent waiting.
 *
 * @example const report = buildReport(c, startedAt);
 */
export function buildReport(c: Contract, startedAt: Date): ContractReport {
  const pairs = c.spec.operations.flatMap((op) =>
    op.responses.map((response) => ({
      operationId: op.operationId,
      status: response.status,
      answers: coverage.seen.get(op.operationId)?.get(response.status) ?? 0,
      ...(response.untestable ? { untestable: response.untestable } : {}),
    })),
  );
  const checks = Object.fromEntries(
    (Object.keys(CHECKS) as CheckName[])
      .filter((name) => name !== 'scenario')
      .map((name) => {
        const { passes, failures, examples } = tally.entry(name);
        return [name, { meaning: CHECKS[name], passes, failures, examples }];
      }),
  );
  const failed = Object.values(checks).some((check) => check.failures > 0) || scenarios.failures > 0;
  const missing = unexercised(c.spec);
  const policy = c.budget.policy;
  return {
    target: c.target.name,
    baseUrl: c.target.baseUrl,
    startedAt: startedAt.toISOString(),
    durationSeconds: Math.round((Date.now() - startedAt.getTime()) / 100) / 10,
    passed: !failed,
    requests: tally.requests,
    waitSeconds: c.pacer?.waitedSeconds ?? 0,
    failedAuthentication: {
      policy: policy ? `"auth-failures";q=${policy.quota};w=${policy.windowSeconds}` : null,
      spent: c.budget.spent,
    },
    pairs,
    unexercised: missing,
    serverLevel: Object.fromEntries(coverage.seen.get(SERVER_LEVEL) ?? []),
    checks,
    scenarios,
    limitations: [...coverage.limitations],
    causes: failureLog.byCause(),
    failures: failureLog.records,
    undeclared: [...failureLog.undeclared.values()],
  };
}

/**
 * The checks as a table under the coverage matrix: passes and failures of each, then the run's
 * requests, waits and failed authentications.
 *
 * @example console.log(renderChecks(buildReport(c, startedAt)));
 */
export function renderChecks(report: ContractReport): string {
  const rows = Object.entries(report.checks).map(([name, check]) => ({ name, ...check }));
  rows.push({ name: 'scenario', meaning: CHECKS.scenario, examples: [], ...report.scenarios });
  const width = Math.max(...rows.map((row) => row.name.length));
  const lines = [`${'check'.padEnd(width)} │ passes │ failures`];
  lines.push('─'.repeat(lines[0]?.length ?? 0));
  for (const row of rows)
    lines.push(
      `${row.name.padEnd(width)} │ ${String(row.passes).padStart(6)} │ ${String(row.failures).padStart(8)}`,
    );
  const auth = report.failedAuthentication;
  lines.push(
    `${report.requests} requests in ${report.durationSeconds} s, ${report.waitSeconds} s of it waiting; ` +
      `${auth.spent} failed authentications (policy ${auth.policy ?? 'not advertised'})`,
  );
  return lines.join('\n');
}

/** Writes the report as JSON. */
export async function writeReport(file: string, report: ContractReport): Promise<void> {
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
}
