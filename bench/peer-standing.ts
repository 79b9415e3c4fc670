import { num } from './format-figure.ts';
import { peerNames } from './scenarios.ts';
import type { Summary } from './summary.ts';

/**
 * Ours beside each peer (fastify, express, hono doing the same work for the list of 20): our req/s
 * as a ratio to the peer's (the ratio of both ratios to bare Koa in the same pass, as for
 * telemetry), and each one's CPU per answer. Above 1.00 we are ahead; `behind` marks where not.
 */
export function peerStanding(summary: Summary): string[] {
  const lines: string[] = [];
  for (const scenario of summary.scenarios) {
    const { ours } = scenario.servers;
    for (const name of peerNames) {
      const peer = scenario.servers[name];
      if (!ours || !peer) continue;
      const ahead = ours.rpsVsKoa / peer.rpsVsKoa;
      lines.push(
        `  ${scenario.id.padEnd(8)} ${name.padEnd(8)} ours ${num(ahead, 2)}× its req/s (${name} ×koa ` +
          `${num(peer.rpsVsKoa, 2)}); CPU µs a request: ours ${num(ours.cpuUs, 0)}, ${name} ${num(peer.cpuUs, 0)}` +
          (ahead < 1 ? '  behind' : ''),
      );
    }
  }
  return lines.length
    ? [
        'the peers (same work: key by HMAC, query validated against the spec, our page and headers; same pass):',
        ...lines,
        '',
      ]
    : [];
}
