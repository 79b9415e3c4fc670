import { describe, expect, it } from 'vitest';
import type { RawResults, RunRecord } from './passes.ts';
import { coreCost, evaluateTargets, storeFloor } from './report.ts';
import { type ServerName, scenarios } from './scenarios.ts';
import { summarise } from './summary.ts';

const plan = scenarios({ small: 1_000, large: 100_000 }, true);

/** One measured run: `rps` req/s and `p99` ms, everything else fixed. */
function run(pass: number, scenario: string, server: ServerName, rps: number, p99 = 10): RunRecord {
  const result = { requestsPerSecond: rps, p50Ms: 1, p99Ms: p99, total: rps, non2xx: 0, errors: 0 };
  return { pass, scenario, server, result, cpuUsPerRequest: 100, cpuWaitPct: 1 };
}

/** `record` with another CPU cost a request, in µs. */
const withCpu = (record: RunRecord, cpuUsPerRequest: number): RunRecord => ({ ...record, cpuUsPerRequest });

const raw = (runs: RunRecord[]): RawResults => ({
  runs,
  extras: [{ pass: 1, startupMs: {}, beforeStartupMs: { small: 900 }, firstAnswer: {} }],
  bytes: {},
});

describe('summarise', () => {
  it("divides a read's throughput by bare Koa's and a create's by the durable Koa's", () => {
    const summary = summarise(
      raw([
        run(1, 'get', 'node', 10_000),
        run(1, 'get', 'koa', 8_000),
        run(1, 'get', 'ours', 6_000),
        run(1, 'get', 'before', 4_000),
        run(1, 'create', 'node', 10_000, 5),
        run(1, 'create', 'koa', 8_000, 5),
        run(1, 'create', 'koa-d', 5_000, 8),
        run(1, 'create', 'ours', 4_000, 10),
      ]),
      plan,
    );
    const get = summary.scenarios.find((s) => s.id === 'get')?.servers;
    expect(get?.ours?.rpsVsKoa).toBe(0.75);
    expect(get?.before?.rpsVsKoa).toBe(0.5);
    expect(get?.ours?.vsNode.rps).toBe(0.6);
    const create = summary.scenarios.find((s) => s.id === 'create')?.servers;
    expect(create?.ours?.rpsVsKoa).toBe(0.8);
    expect(create?.koa?.rpsVsKoa).toBe(1.6);
    // Latency stays compared with bare Koa, as issue 15's p99 targets are.
    expect(create?.ours?.p99VsKoa).toBe(2);
    expect(summary.startupMs.before).toEqual({ small: 900, large: undefined });
  });
});

describe('evaluateTargets', () => {
  it("judges throughput against the named Koa baseline, with ×node and before's value beside it", () => {
    const summary = summarise(
      raw([
        run(1, 'list', 'node', 10_000),
        run(1, 'list', 'koa', 8_000),
        run(1, 'list', 'ours', 6_400),
        run(1, 'list', 'before', 5_600),
        run(1, 'create', 'node', 10_000),
        run(1, 'create', 'koa-d', 5_000),
        run(1, 'create', 'koa-sql', 4_000),
        run(1, 'create', 'ours', 3_500),
      ]),
      plan,
    );
    const targets = evaluateTargets(summary);
    const list = targets.find((t) => t.name === "list courses, req/s ÷ bare Koa's");
    expect(list).toMatchObject({ target: '>= 0.75', value: 0.8, met: true, vsNode: 0.64, before: 0.7 });
    // Over koa-sql's: 3,500 ÷ 4,000, against 0.70.
    const create = targets.find((t) => t.name === "create (durable), req/s ÷ koa-sql's");
    expect(create).toMatchObject({ target: '>= 0.70', met: true, vsNode: 0.35 });
    expect(create?.value).toBeCloseTo(0.875);
    const get304 = targets.find((t) => t.name === "get one, 304, req/s ÷ bare Koa's");
    expect(get304).toMatchObject({ target: '>= 0.60', met: undefined });
  });
});

describe('coreCost', () => {
  it("states the core's CPU as ours less the replaying server's, with the replaying server's ratio to Koa", () => {
    const runs = [
      run(1, 'get', 'koa', 8_000),
      withCpu(run(1, 'get', 'ours', 6_000), 130),
      withCpu(run(1, 'get', 'replayed', 7_200), 80),
    ];
    const lines = coreCost(summarise(raw([run(1, 'get', 'node', 10_000), ...runs]), plan));
    expect(lines[1]).toBe(
      '  get      the core 50 of 130 µs of CPU a request; without it ×koa 0.90 (ours 0.75)',
    );
    expect(coreCost(summarise(raw(runs.slice(0, 2)), plan))).toEqual([]);
    const creates = [
      run(1, 'create', 'node', 10_000),
      run(1, 'create', 'koa-d', 5_000),
      run(1, 'create', 'ours', 3_000),
      run(1, 'create', 'replayed', 6_000),
    ];
    expect(coreCost(summarise(raw(creates), plan))[1]).toContain('without it ×koa-d 1.20 (ours 0.60)');
  });
});

describe('storeFloor', () => {
  it("states our create as a share of koa-sql's, with koa-sql's share of koa-d's", () => {
    const runs = [
      run(1, 'create', 'node', 10_000),
      run(1, 'create', 'koa-d', 8_000),
      withCpu(run(1, 'create', 'koa-sql', 6_000), 160),
      withCpu(run(1, 'create', 'ours', 4_500), 210),
    ];
    const lines = storeFloor(summarise(raw(runs), plan));
    expect(lines[1]).toBe(
      "  create   ours 0.75 of koa-sql's req/s (50 µs more CPU a request); koa-sql 0.75 of koa-d's",
    );
    expect(storeFloor(summarise(raw(runs.filter((r) => r.server !== 'koa-sql')), plan))).toEqual([]);
  });
});
