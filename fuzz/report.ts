import type { FuzzReport } from './engine.ts';

/**
 * The run's figures and every failure (check, operation, what was wrong with the request, and the
 * shrunk request as a `curl` line), as text.
 *
 * @example console.log(formatReport(await runFuzz(target)));
 */
export function formatReport(report: FuzzReport): string {
  const lines = [
    `seed ${report.seed}: ${report.requests} requests, ${report.pairs.length} distinct operation × status pairs, ${report.failures.length} failures`,
    `reached: ${report.pairs.join(', ')}`,
    `transport probes: ${report.probes.join(', ')}`,
  ];
  for (const failure of report.failures) {
    lines.push(
      '',
      `${failure.operationId}: ${failure.check}: ${failure.message}`,
      `  request: ${failure.labels.join('; ')}`,
      `  ${failure.curl}`,
    );
  }
  return lines.join('\n');
}
