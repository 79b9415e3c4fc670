import {
  createResponseValidator,
  loadContractSpec,
  operationShapes,
  type ResponseSnapshot,
  requestSchemaCheck,
  type Target,
} from '@course-service/contract-tests';
import fc from 'fast-check';
import { type CheckFailure, checkHead, checkResponse } from './checks.ts';
import { toCurl } from './curl.ts';

import { type FuzzRequest, requestArbitrary } from './requests.ts';
import { freshCourses, openFuzzSession } from './session.ts';
import { probeArbitrary, probeCurl, sendProbe, type TransportProbe } from './transport.ts';

/** How long and how hard to fuzz. */
export interface FuzzOptions {
  /** Stop after this many seconds (default 60). */
  seconds?: number;
  /** Stop after this many generated requests per operation, if that comes first. */
  runs?: number;
  /** fast-check's seed, to replay a run. */
  seed?: number;
  /** Progress lines (default: none). */
  log?: (line: string) => void;
}

/** One distinct failure, with its shrunk counterexample as a `curl` line. */
interface FuzzFailure extends CheckFailure {
  operationId: string;
  labels: string[];
  curl: string;
}

/** What a run did and found. */
export interface FuzzReport {
  seed: number;
  requests: number;
  /** Distinct `operationId status` pairs reached. */
  pairs: string[];
  /** Distinct `kind status` pairs of the transport probes (long URLs and headers, endless uploads). */
  probes: string[];
  failures: FuzzFailure[];
}

const ROUND = 20;
/** Transport probes per round: each may stream up to 10 MB. */
const PROBES = 3;
/** The same failure differs only in numbers (sizes, depths): one report each. */
const keyOf = (operationId: string, failure: CheckFailure) =>
  `${operationId} ${failure.check} ${failure.message.replace(/\d+/g, 'N').slice(0, 80)}`;

/**
 * Fuzzes every operation of the spec against `target` in rounds until the time or run budget is
 * spent, each round ending with a few transport probes (long URLs and headers, uploads that keep
 * sending). A failing request is shrunk by fast-check and recorded once; later rounds look past it
 * for other failures.
 *
 * @example const report = await runFuzz(await startBuiltInTarget(), { seconds: 30 });
 */
export async function runFuzz(target: Target, options: FuzzOptions = {}): Promise<FuzzReport> {
  const spec = loadContractSpec();
  const validator = createResponseValidator(spec);
  const check = requestSchemaCheck(spec.document);
  const session = await openFuzzSession(target);
  const operations = operationShapes(spec);
  const seed = options.seed ?? Date.now() % 2 ** 31;
  const deadline = Date.now() + (options.seconds ?? 60) * 1000;
  const pairs = new Set<string>();
  const probes = new Set<string>();
  const known = new Map<string, FuzzFailure>();
  let requests = 0;

  async function exchange(request: FuzzRequest, method: string): Promise<ResponseSnapshot> {
    requests++;
    const response = await target.fetch(
      new Request(`${target.baseUrl}${request.path}`, {
        method,
        headers: request.headers,
        body: request.body as BodyInit | undefined,
        signal: AbortSignal.timeout(15_000),
      }),
    );
    return { status: response.status, headers: response.headers, body: await response.text() };
  }

  async function send(request: FuzzRequest): Promise<CheckFailure[]> {
    const failures: CheckFailure[] = [];
    let snapshot: ResponseSnapshot;
    try {
      // A HEAD is checked against the GET of the same request, which the usual checks then judge.
      const head = request.method === 'HEAD' ? await exchange(request, 'HEAD') : undefined;
      snapshot = await exchange(request, request.operation.spec.method);
      if (head) failures.push(...checkHead(head, snapshot));
    } catch (error) {
      return [{ check: 'server error', message: `no response: ${(error as Error).message}` }];
    }
    pairs.add(`${request.operation.spec.operationId} ${snapshot.status}`);
    failures.push(...checkResponse(request, snapshot, validator, session));
    return failures.filter((failure) => !known.has(keyOf(request.operation.spec.operationId, failure)));
  }

  const perOperation = new Map<string, number>();
  for (let round = 0; Date.now() < deadline; round++) {
    let ranAny = false;
    // A deployment's quota may refuse them (429): then the round goes on with the ids it has.
    if (round > 0)
      session.courseIds = await freshCourses(target, session.apiKey).catch(() => session.courseIds);
    for (const [index, operation] of operations.entries()) {
      const id = operation.spec.operationId;
      const done = perOperation.get(id) ?? 0;
      // The first round sends each operation one request, whatever the time: a loaded machine
      // still reaches every operation. Later rounds share the time that is left.
      const left = Math.min(round === 0 ? 1 : ROUND, (options.runs ?? Number.POSITIVE_INFINITY) - done);
      if (left <= 0 || (round > 0 && Date.now() >= deadline)) continue;
      ranAny = true;
      perOperation.set(id, done + left);
      const arbitrary = requestArbitrary(operation, session, check, spec.document);
      const property = fc.asyncProperty(arbitrary, async (request) => (await send(request)).length === 0);
      const share = (deadline - Date.now()) / (operations.length - index);
      const result = await fc.check(property, {
        numRuns: left,
        seed: seed + round * 101 + index,
        ...(round > 0 && { interruptAfterTimeLimit: Math.max(1, Math.floor(share)) }),
        markInterruptAsFailure: false,
      });
      if (!result.failed || !result.counterexample) continue;
      const [request] = result.counterexample;
      for (const failure of await send(request)) {
        const reported = {
          ...failure,
          operationId: id,
          labels: request.labels,
          curl: toCurl(target.baseUrl, request),
        };
        known.set(keyOf(id, failure), reported);
        options.log?.(`FAIL ${id}: ${failure.check}: ${failure.message}\n  ${reported.curl.slice(0, 600)}`);
      }
    }
    if (!ranAny) break;
    // The first round's probes run whatever the time, as its requests do.
    if (round === 0 || Date.now() < deadline) await probeTransport(seed + round * 101 - 1, round);
    options.log?.(`round ${round + 1}: ${requests} requests, ${pairs.size} operation × status pairs`);
  }
  return {
    seed,
    requests,
    pairs: [...pairs].sort(),
    probes: [...probes].sort(),
    failures: [...known.values()],
  };

  /** A few transport probes, shrunk and reported like any other failure; the first round's unhurried. */
  async function probeTransport(probeSeed: number, round: number): Promise<void> {
    const send = async (probe: TransportProbe) => {
      requests++;
      const { status, failures } = await sendProbe(target, probe, validator);
      probes.add(`${probe.kind} ${status ?? 'none'}`);
      return failures.filter((failure) => !known.has(keyOf(probe.operation.spec.operationId, failure)));
    };
    const result = await fc.check(
      fc.asyncProperty(
        probeArbitrary(operations, session),
        async (probe) => (await send(probe)).length === 0,
      ),
      {
        numRuns: PROBES,
        seed: probeSeed,
        ...(round > 0 && { interruptAfterTimeLimit: Math.max(1, deadline - Date.now()) }),
        markInterruptAsFailure: false,
      },
    );
    if (!result.failed || !result.counterexample) return;
    const [probe] = result.counterexample;
    for (const failure of await send(probe)) {
      const id = probe.operation.spec.operationId;
      const reported = {
        ...failure,
        operationId: id,
        labels: [probe.label],
        curl: probeCurl(target.baseUrl, probe),
      };
      known.set(keyOf(id, failure), reported);
      options.log?.(`FAIL ${id}: ${failure.check}: ${failure.message}\n  ${reported.curl.slice(0, 600)}`);
    }
  }
}
