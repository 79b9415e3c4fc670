// The contract suite: one file, so every suite shares one target and the final coverage check
// sees every response of the run. Which target is chosen is up to the environment (see README).
import { afterAll, afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { causeAnnotations } from './causes-annotations.ts';
import { renderCauses, renderUndeclared } from './causes-summary.ts';
import { tally } from './check-tally.ts';
import { CHECKS, type CheckName } from './checks.ts';
import { createContract } from './contract.ts';
import { coverage, renderMatrix, unexercised } from './coverage.ts';
import { failureLog } from './failure-log.ts';
import { fuzzFindingsSuite } from './fuzz-findings.ts';
import { genericChecksSuite } from './generic/generic-suite.ts';
import { createPacer, maxWaitSeconds } from './pacer.ts';
import { neededFor, renderNotExercised, renderPreflight, runPreflight } from './preflight.ts';
import { type Finding, PREREQUISITES, type Prerequisite } from './prerequisites.ts';
import { buildReport, renderChecks, scenarios, writeReport } from './report.ts';
import { SPEC_FILE, type SpecOperation } from './spec.ts';
import { apiKeyAuthSuite } from './suites/api-key-auth.ts';
import { apiKeysSuite } from './suites/api-keys.ts';
import { conditionalRequestsSuite } from './suites/conditional-requests.ts';
import { courseLifecycleSuite } from './suites/course-lifecycle.ts';
import { createCourseSuite } from './suites/create-course.ts';
import { environmentsSuite } from './suites/environments.ts';
import { eventsSuite } from './suites/events.ts';
import { forbiddenSuite } from './suites/forbidden.ts';
import { idTokenAuthSuite } from './suites/id-token-auth.ts';
import { keyRollSuite } from './suites/key-roll.ts';
import { leakReportsSuite } from './suites/leak-reports.ts';
import { listCoursesSuite } from './suites/list-courses.ts';
import { mcpSuite } from './suites/mcp.ts';
import { ownershipSuite } from './suites/ownership.ts';
import { paginationSuite } from './suites/pagination.ts';
import { rateLimitsSuite } from './suites/rate-limits.ts';
import { requestBodiesSuite } from './suites/request-bodies.ts';
import { serviceSuite } from './suites/service.ts';
import { webhookDeliveriesSuite } from './suites/webhook-deliveries.ts';
import { webhookEndpointsSuite } from './suites/webhook-endpoints.ts';
import { selectTarget } from './targets/select-target.ts';

// The suite fails authentication on purpose; against a server's default limits it waits for the
// failed-authentication window when it must, within this budget, and each test may take that long.
const waitBudget = maxWaitSeconds(process.env);
const c = createContract(
  await selectTarget(process.env),
  undefined,
  createPacer({ maxWaitSeconds: waitBudget }),
);
vi.setConfig({ testTimeout: 60_000 + waitBudget * 1000 });
const startedAt = new Date();

// What the run needs of the target, checked before it: each missing prerequisite is one finding
// (a test of its own), and the tests that need it are not run but counted as not exercised.
c.findings.push(...(await runPreflight(c)));
const preflight = renderPreflight(c.findings);
console.log(preflight);
const preflightOnly = process.env.CONTRACT_PREFLIGHT === 'only';
const missing = (name: Prerequisite): Finding | undefined =>
  c.findings.find((finding) => finding.prerequisite === name);

// The summary (and the JSON report, with --report) come at the end of every run, filtered or not.
afterAll(async () => {
  const report = buildReport(c, startedAt);
  if (c.findings.length > 0) console.log(preflight);
  const notExercised = renderNotExercised();
  if (notExercised) console.log(notExercised);
  const causes = renderCauses(report.causes);
  if (causes) console.log(causes);
  const undeclared = renderUndeclared(report.undeclared);
  if (undeclared) console.log(undeclared);
  const github =
    process.env.CONTRACT_FORMAT === 'github' ||
    (!process.env.CONTRACT_FORMAT && process.env.GITHUB_ACTIONS === 'true');
  if (github && report.causes.length > 0) console.log(causeAnnotations(report.causes, c.spec, SPEC_FILE));
  console.log(renderChecks(report));
  if (process.env.CONTRACT_REPORT_FILE) await writeReport(process.env.CONTRACT_REPORT_FILE, report);
  await c.target.close();
});

// Hand-written tests count as scenarios in the report; the generic checks count their own probes.
// A failed one is recorded with the last request it sent and what came back, as a check's failure is.
beforeEach(({ task, onTestFinished }) => {
  if (task.suite?.name === 'generic checks' || task.suite?.name === 'checks') return;
  failureLog.latest = undefined;
  const recorded = failureLog.records.length;
  onTestFinished(() => {
    if (task.result?.state === 'fail') {
      scenarios.failures++;
      scenarios.failed.push(`${task.suite?.name ?? ''} > ${task.name}`);
      const { latest } = failureLog;
      const message = task.result.errors?.[0]?.message?.split('\n')[0] ?? 'failed';
      // A broken answer is recorded by the check that met it; anything else is the test's own finding.
      if (latest && failureLog.records.length === recorded)
        failureLog.add({ ...latest, check: 'scenario', expectation: `${task.name}: ${message}` });
    } else scenarios.passes++;
  });
});

// Every response was validated by the contract fetch; a broken promise fails the test that got it.
afterEach(() => {
  const violations = coverage.takePending();
  expect(violations, `responses that break openapi.yaml:\n${violations.join('\n')}`).toEqual([]);
});

describe('preflight', () => {
  test.each(Object.keys(PREREQUISITES) as Prerequisite[])('the target offers %s', (name) => {
    const finding = missing(name);
    const { what, fix } = PREREQUISITES[name];
    expect(finding, `${what} is missing: ${finding?.observed}\nfix: ${fix}`).toBeUndefined();
  });
});

// Without ID tokens no key can be made, so nothing else can run: the preflight says why.
const runs = !preflightOnly && missing('idTokens') === undefined;
if (runs) {
  serviceSuite(c);
  genericChecksSuite(c);
  listCoursesSuite(c);
  conditionalRequestsSuite(c);
  createCourseSuite(c);
  courseLifecycleSuite(c);
  requestBodiesSuite(c);
  ownershipSuite(c);
  environmentsSuite(c);
  apiKeysSuite(c);
  keyRollSuite(c);
  leakReportsSuite(c);
  apiKeyAuthSuite(c);
  idTokenAuthSuite(c);
  forbiddenSuite(c);
  paginationSuite(c);
  mcpSuite(c);
  webhookEndpointsSuite(c);
  eventsSuite(c);
  webhookDeliveriesSuite(c);
  rateLimitsSuite(c);
  fuzzFindingsSuite(c);
}

if (runs) {
  describe('coverage', () => {
    test('every declared operation × status was exercised, or the spec says why it cannot be', () => {
      console.log(renderMatrix(c.spec, c.target.name));
      if (c.pacer?.waitedSeconds)
        console.log(`Waited ${c.pacer.waitedSeconds} s in all for the server's failed-authentication limit.`);
      if (c.validator.strictWarnings.length > 0)
        console.log(`Ajv strict-mode notes on the spec:\n  ${c.validator.strictWarnings.join('\n  ')}`);
      expect(coverage.violations, 'responses broke the contract during the run').toEqual([]);
      const excused = (op: SpecOperation, status: string) => {
        const needed = neededFor(op, status);
        return needed !== undefined && missing(needed) !== undefined;
      };
      expect(unexercised(c.spec, coverage.seen, excused), 'declared responses never exercised').toEqual([]);
    });
  });

  describe('checks', () => {
    // One test per check, so a CI report lists every check by name with its verdict over the run.
    const checks = (Object.keys(CHECKS) as CheckName[]).filter((name) => name !== 'scenario');
    test.each(checks)('check %s held wherever it was made', (name) => {
      const { failures, examples } = tally.entry(name);
      expect(failures, `${CHECKS[name]}\n${examples.join('\n')}`).toBe(0);
    });
  });
}
