import { describe, expect, it } from 'vitest';
import { parseOptions } from './options.ts';
import type { RawResults, RunRecord } from './passes.ts';
import { evaluateTargets, formatReport } from './report.ts';
import { type ServerName, scenarios } from './scenarios.ts';
import { summarise } from './summary.ts';
import type { WebhookTally } from './webhook-row.ts';

const plan = scenarios({ small: 1_000, large: 100_000 });

/** One measured run: `rps` req/s and `cpu` µs of CPU an answer. */
function run(pass: number, scenario: string, server: ServerName, rps: number, cpu: number): RunRecord {
  const result = { requestsPerSecond: rps, p50Ms: 1, p99Ms: 10, total: rps * 5, non2xx: 0, errors: 0 };
  return { pass, scenario, server, result, cpuUsPerRequest: cpu, cpuWaitPct: 1 };
}

const tally = (drainedCpu: number, pendingAtEnd = 3): WebhookTally => ({
  answered: 10_000,
  delivered: 9_990,
  pendingAtStart: 0,
  pendingAtEnd,
  drainMs: 250,
  cpuUsPerAnswerDrained: drainedCpu,
});

/** Pass `pass`: ours in create, and the webhook row in create-webhook with its tally. */
const pass = (n: number, ours: [number, number], hooked: [number, number], drained: number): RunRecord[] => [
  run(n, 'create', 'node', 10_000, 50),
  run(n, 'create', 'koa-d', 5_000, 100),
  run(n, 'create', 'ours', ...ours),
  run(n, 'create-webhook', 'node', 10_000, 50),
  run(n, 'create-webhook', 'koa-d', 5_000, 100),
  { ...run(n, 'create-webhook', 'webhook', ...hooked), webhooks: tally(drained) },
];

const raw = (runs: RunRecord[]): RawResults => ({
  runs,
  extras: [{ pass: 1, startupMs: {}, beforeStartupMs: {}, firstAnswer: {} }],
  bytes: {},
});

describe('create-webhook in the plan', () => {
  it('runs ours with one endpoint beside node and koa-d, selected by --only', () => {
    const only = parseOptions(['--only', 'create,create-webhook']).only;
    const selected = plan.filter((s) => only.includes(s.id));
    expect(selected.map((s) => s.id)).toEqual(['create', 'create-webhook']);
    expect(selected[1]).toMatchObject({ servers: ['node', 'koa-d', 'webhook'], writes: true, status: 201 });
  });
});

describe('webhookCost', () => {
  it('divides the webhook row by ours in create pass by pass, and takes the medians', () => {
    const runs = [
      ...pass(1, [4_000, 200], [3_600, 220], 230),
      ...pass(2, [2_000, 210], [1_900, 252], 260),
      ...pass(3, [4_000, 200], [3_800, 210], 214),
    ];
    const cost = summarise(raw(runs), plan).webhookCost;
    expect(cost?.rpsRatio).toBeCloseTo(0.95);
    expect(cost?.cpuRatio).toBeCloseTo(1.1);
    expect(cost?.cpuRatioDrained).toBeCloseTo(1.15);
    expect(cost?.cpuUs).toEqual({ without: 200, with: 220, withDrain: 230 });
    expect(cost?.passes.map((p) => p.pass)).toEqual([1, 2, 3]);
  });

  it('is absent without the webhook row, and not measured without ours in create', () => {
    expect(summarise(raw(pass(1, [4_000, 200], [3_600, 220], 230).slice(0, 3)), plan).webhookCost).toBe(
      undefined,
    );
    const alone = summarise(raw(pass(1, [4_000, 200], [3_600, 220], 230).slice(3)), plan);
    expect(alone.webhookCost?.rpsRatio).toBeNaN();
    const guard = evaluateTargets(alone).find((t) => t.name.startsWith('create, 1 webhook endpoint: CPU'));
    expect(guard?.met).toBeUndefined();
  });
});

describe('the 15 % guard', () => {
  it('judges the CPU an answer, deliveries drained, and req/s against 1.15 and 1 ÷ 1.15', () => {
    const targets = (drained: number, rps: number) =>
      evaluateTargets(summarise(raw(pass(1, [4_000, 200], [rps, 220], drained)), plan)).filter((t) =>
        t.name.startsWith('create, 1 webhook endpoint'),
      );
    expect(targets(230, 3_500)).toMatchObject([
      { name: 'create, 1 webhook endpoint: req/s ÷ without', target: '>= 0.87', value: 0.875, met: true },
      { name: 'create, 1 webhook endpoint: CPU µs ÷ without', target: '<= 1.15', met: true },
    ]);
    expect(targets(232, 3_460).map((t) => t.met)).toEqual([false, false]);
  });

  it('prints the ratios and each pass: made, queued at the start and end, drained', () => {
    const summary = summarise(raw(pass(1, [4_000, 200], [3_600, 220], 230)), plan);
    const report = formatReport(summary, evaluateTargets(summary), 'header');
    expect(report).toContain('req/s ×0.90; CPU µs an answer 220 against 200 (×1.10), 230 counting');
    expect(report).toContain(
      'pass 1: 10,000 creates answered, 9,990 deliveries made during the run; queued at its start 0, at its end 3, drained 0.3 s after',
    );
  });
});

describe('the floor under a delivery', () => {
  it('sets the ratio a create and one signed POST reach alone, printed beside the CPU guard', () => {
    const runs = [...pass(1, [4_000, 200], [3_600, 220], 330), ...pass(2, [4_000, 220], [3_600, 240], 350)];
    const summary = summarise(
      { ...raw(runs), webhookFloor: { posts: 10_000, bareUs: 30, signedUs: 50 } },
      plan,
    );
    // (210 + 50) ÷ 210, with the median create of the same passes.
    expect(summary.webhookCost?.floor).toEqual({
      posts: 10_000,
      bareUs: 30,
      signedUs: 50,
      ceilingRatio: (210 + 50) / 210,
    });
    const targets = evaluateTargets(summary);
    const guard = targets.find((t) => t.name.startsWith('create, 1 webhook endpoint: CPU'));
    expect(guard).toMatchObject({ met: false, ceiling: (210 + 50) / 210 });
    const report = formatReport(summary, targets, 'header');
    expect(report).toContain(
      'the floor (webhook-post-floor.ts, same run): a bare POST 30 µs of CPU, signed 50 µs; a create and one signed POST alone: ×1.24 of a create; ours above a create, drained: 130 µs an answer',
    );
    expect(report).toMatch(/CPU µs ÷ without +<= 1\.15 +1\.62 +MISS +the ceiling itself 1\.24/);
  });

  it('is left out when it was not measured', () => {
    const summary = summarise(raw(pass(1, [4_000, 200], [3_600, 220], 230)), plan);
    expect(summary.webhookCost?.floor).toBeUndefined();
    expect(formatReport(summary, evaluateTargets(summary), 'header')).not.toContain('the floor');
  });
});
