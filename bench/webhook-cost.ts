// What one webhook endpoint costs our create: the `webhook` row (`create-webhook`) beside `ours`
// in `create`, pass by pass, and whether delivery kept up (issue 39's target).
import { num } from './format-figure.ts';
import type { RawResults } from './passes.ts';
import type { WebhookFloor, WebhookTally } from './webhook-row.ts';

/** Issue 39: a create with one endpoint costs at most this much more per answer than without. */
export const WEBHOOK_COST_LIMIT = 1.15;

/**
 * Medians over passes of same-pass ratios, `webhook` over `ours`: req/s, and the server's CPU per
 * answer (its process's, so it includes the delivery worker's signing and POSTs made during the
 * run), also counting the CPU of the deliveries still queued when the run ended, until they drained.
 */
export interface WebhookCost {
  rpsRatio: number;
  cpuRatio: number;
  cpuRatioDrained: number;
  cpuUs: { without: number; with: number; withDrain: number };
  passes: Array<{ pass: number } & WebhookTally>;
  /**
   * The floor under a delivery, measured in the same run, and the ratio it alone sets: a create's
   * CPU plus one signed POST's, over the create's. No delivery sent from our process costs less,
   * so a CPU guard below it cannot be met by any implementation; `cpuRatioDrained` is to be read
   * against it.
   */
  floor?: WebhookFloor & { ceilingRatio: number };
}

function median(values: number[]): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** The cost, or undefined when the `webhook` row did not run. */
export function webhookCost(raw: RawResults): WebhookCost | undefined {
  const hooked = raw.runs.filter((r) => r.scenario === 'create-webhook' && r.server === 'webhook');
  if (hooked.length === 0) return undefined;
  const pairs = hooked.map((r) => ({
    hooked: r,
    ours: raw.runs.find((o) => o.scenario === 'create' && o.server === 'ours' && o.pass === r.pass),
  }));
  const ratio = (pick: (pair: (typeof pairs)[number]) => number | undefined): number =>
    median(pairs.map((pair) => pick(pair) ?? Number.NaN));
  const without = median(pairs.map((p) => p.ours?.cpuUsPerRequest ?? Number.NaN));
  return {
    rpsRatio: ratio((p) => p.ours && p.hooked.result.requestsPerSecond / p.ours.result.requestsPerSecond),
    cpuRatio: ratio((p) => p.ours && p.hooked.cpuUsPerRequest / p.ours.cpuUsPerRequest),
    cpuRatioDrained: ratio(
      (p) => p.ours && p.hooked.webhooks && p.hooked.webhooks.cpuUsPerAnswerDrained / p.ours.cpuUsPerRequest,
    ),
    cpuUs: {
      without,
      with: median(hooked.map((r) => r.cpuUsPerRequest)),
      withDrain: median(hooked.map((r) => r.webhooks?.cpuUsPerAnswerDrained ?? Number.NaN)),
    },
    passes: hooked.flatMap((r) => (r.webhooks ? [{ pass: r.pass, ...r.webhooks }] : [])),
    ...(raw.webhookFloor && {
      // (create + signed POST) ÷ create, our creates' CPU an answer the median of the same passes.
      floor: { ...raw.webhookFloor, ceilingRatio: (without + raw.webhookFloor.signedUs) / without },
    }),
  };
}

/** The lines under the table: the ratios, then each pass's deliveries. */
export function webhookCostLines(cost: WebhookCost | undefined): string[] {
  if (!cost) return [];
  const { cpuUs } = cost;
  return [
    'one webhook endpoint on create (`webhook` in create-webhook ÷ `ours` in create, same pass; ' +
      "the server's CPU includes the delivery worker's claims, signing, POSTs and outcome writes):",
    `  req/s ×${num(cost.rpsRatio, 2)}; CPU µs an answer ${num(cpuUs.with, 0)} against ` +
      `${num(cpuUs.without, 0)} (×${num(cost.cpuRatio, 2)}), ${num(cpuUs.withDrain, 0)} ` +
      `counting the deliveries queued at the run's end until they drained (×${num(cost.cpuRatioDrained, 2)})`,
    ...floorLines(cost),
    ...cost.passes.map(
      (p) =>
        `  pass ${p.pass}: ${num(p.answered, 0)} creates answered, ${num(p.delivered, 0)} deliveries ` +
        `made during the run; queued at its start ${num(p.pendingAtStart, 0)}, at its end ` +
        `${num(p.pendingAtEnd, 0)}, ` +
        (p.drainMs === undefined ? 'not drained within 60 s' : `drained ${num(p.drainMs / 1000, 1)} s after`),
    ),
    '',
  ];
}

/** The floor under a delivery and what is left of ours above it, when it was measured. */
function floorLines({ floor, cpuUs }: WebhookCost): string[] {
  if (!floor) return [];
  return [
    `  the floor (webhook-post-floor.ts, same run): a bare POST ${num(floor.bareUs, 0)} µs of CPU, signed ` +
      `${num(floor.signedUs, 0)} µs; a create and one signed POST alone: ×${num(floor.ceilingRatio, 2)} ` +
      `of a create; ours above a create, drained: ${num(cpuUs.withDrain - cpuUs.without, 0)} µs an answer`,
  ];
}
