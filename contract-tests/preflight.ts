import { beforeEach } from 'vitest';
import type { Contract, RawReply } from './contract.ts';
import { describeProblem } from './failure-log.ts';
import { type Finding, PREREQUISITES, type Prerequisite } from './prerequisites.ts';
import type { SpecOperation } from './spec.ts';
import { webhookApi } from './webhooks/webhook-api.ts';

/** The smallest and largest course quotas the suite works within (see `PREREQUISITES.quota`). */
const QUOTA_RANGE = [20, 1000] as const;

/** A reply in a line: its status and, for a problem, its code, pointers and details, whole. */
function answered(reply: RawReply): string {
  const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
  return describeProblem(reply.status, text) ?? `${reply.status} ${text.slice(0, 300)}`;
}

/**
 * Checks what the run needs of the target, in dependency order (an ID token first: every other
 * check needs a key), and resolves with what is missing; empty when the target has everything.
 *
 * @example const findings = await runPreflight(c); console.log(renderPreflight(findings));
 */
export async function runPreflight(c: Contract): Promise<Finding[]> {
  let idToken: string;
  try {
    idToken = await c.target.issueIdToken(c.subject('preflight'));
  } catch (error) {
    return [{ prerequisite: 'idTokens', observed: `no token: ${(error as Error).message.split('\n')[0]}` }];
  }
  const keys = await c.call('/api/v1/api-keys', { headers: { Authorization: `Bearer ${idToken}` } });
  if (keys.status !== 200)
    return [
      { prerequisite: 'idTokens', observed: `GET /api/v1/api-keys with one answered ${answered(keys)}` },
    ];

  const findings: Finding[] = [];
  const { key, subject } = await c.newKey({ subject: c.subject('preflight') });
  const api = webhookApi(c, key);
  const endpoint = await api.call('/api/v1/webhook-endpoints', { method: 'POST', json: { url: api.url() } });
  if (endpoint.status === 201)
    await api.call(`/api/v1/webhook-endpoints/${endpoint.body.id}`, { method: 'DELETE' });
  else
    findings.push({
      prerequisite: 'webhookUrl',
      observed: `POST /api/v1/webhook-endpoints {"url":"${api.url()}"} answered ${answered(endpoint)}`,
    });

  // A report signed by a key the scanner does not publish is refused with 401 once the server has
  // read the published keys; a 503 means it could not read them.
  const report = await c.call('/api/v1/secret-scanning/reports', {
    method: 'POST',
    headers: {
      'Github-Public-Key-Identifier': `contract-preflight-${subject}`,
      'Github-Public-Key-Signature': 'MEUCIQDxBADSIGNATUREAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA==',
    },
    json: [{ token: 'not-a-key', type: 'course_service_api_key' }],
  });
  if (report.status !== 401)
    findings.push({
      prerequisite: 'scannerKeys',
      observed: `a leaked-key report signed by an unknown key answered ${answered(report)}, not 401`,
    });

  const courses = await c.call('/api/v1/courses', { headers: { Authorization: `Bearer ${key}` } });
  const quota = Number(/;q=(\d+)/.exec(courses.headers.get('RateLimit-Policy') ?? '')?.[1]);
  const [least, most] = QUOTA_RANGE;
  const drivenElsewhere = c.target.withSmallLimits !== undefined;
  if (!Number.isInteger(quota))
    findings.push({
      prerequisite: 'quota',
      observed: `GET /api/v1/courses answered ${courses.status} without a RateLimit-Policy quota`,
    });
  else if (quota < least || (quota > most && !drivenElsewhere))
    findings.push({ prerequisite: 'quota', observed: `the courses quota is ${quota} requests a window` });
  return findings;
}

/**
 * The preflight's verdict: a line per prerequisite, each missing one with what came back and the
 * setting that fixes it.
 *
 * @example console.log(renderPreflight(await runPreflight(c)));
 */
export function renderPreflight(findings: readonly Finding[]): string {
  const names = Object.keys(PREREQUISITES) as Prerequisite[];
  const blocked = findings.some((finding) => finding.prerequisite === 'idTokens');
  const lines = [
    findings.length === 0
      ? `Preflight: the target has all ${names.length} prerequisites of the run`
      : `Preflight: ${findings.length} of ${names.length} prerequisites missing`,
  ];
  for (const name of names) {
    const finding = findings.find((f) => f.prerequisite === name);
    const { what, fix } = PREREQUISITES[name];
    if (finding) lines.push(`✗ ${what}: ${finding.observed}`, `    fix: ${fix}`);
    else if (blocked) lines.push(`- ${what}: not checked (it needs an ID token)`);
    else lines.push(`✓ ${what}`);
  }
  return lines.join('\n');
}

/** The tests not run because the preflight found a prerequisite missing, by prerequisite. */
const notExercised = new Map<Prerequisite, string[]>();

/**
 * Skips the running test when the preflight found `prerequisite` missing, and notes it as not
 * exercised because of that, so that one missing prerequisite is one finding, not a failure per
 * test that needs it.
 *
 * @example test('…', (context) => { skipWithout(c, 'webhookUrl', context); … });
 */
export function skipWithout(
  c: Contract,
  prerequisite: Prerequisite,
  context: { task: { name: string }; skip: (note?: string) => void },
): void {
  if (!c.findings.some((finding) => finding.prerequisite === prerequisite)) return;
  notExercised.set(prerequisite, [...(notExercised.get(prerequisite) ?? []), context.task.name]);
  context.skip(`not exercised: it needs ${PREREQUISITES[prerequisite].what}`);
}

/**
 * Marks every test of the `describe` block it is called in as needing `prerequisite` (see {@link skipWithout}).
 *
 * @example describe('webhook endpoints', () => { requires(c, 'webhookUrl'); … });
 */
export function requires(c: Contract, prerequisite: Prerequisite): void {
  beforeEach((context) => skipWithout(c, prerequisite, context));
}

/** The tests not exercised, a line per missing prerequisite; empty when every test could run. */
export function renderNotExercised(): string {
  return [...notExercised]
    .map(([name, tests]) => `Not exercised, for want of ${PREREQUISITES[name].what}: ${tests.length} test(s)`)
    .join('\n');
}

/**
 * The prerequisite without which an operation × status pair is not exercised: webhook endpoints
 * need an accepted URL, leaked-key reports the scanner's keys, a 429 a quota the suite can drive.
 *
 * @example neededFor(op, '429') // 'quota'
 */
export function neededFor(op: SpecOperation, status: string): Prerequisite | undefined {
  if (op.path.startsWith('/api/v1/webhook-endpoints')) return 'webhookUrl';
  if (op.operationId === 'reportLeakedApiKeys') return 'scannerKeys';
  if (status === '429') return 'quota';
  return undefined;
}
