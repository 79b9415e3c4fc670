import type { ContractSpec, SpecOperation } from './spec.ts';

/** Statuses answered per operation: counted by the run, or a plain set from a caller. */
type Seen = ReadonlyMap<string, ReadonlySet<string> | ReadonlyMap<string, number>>;

/** A pseudo operation id for answers to requests no operation matches (unknown path, wrong method). */
export const SERVER_LEVEL = '(server)';

/**
 * What the run has seen: every (operationId, status) pair answered, every broken promise, and every
 * check the target could not support (with its reason). Module state, shared by all suites of a run.
 */
export const coverage = {
  /** Answers per operation and status. */
  seen: new Map<string, Map<string, number>>(),
  violations: [] as string[],
  limitations: [] as string[],
  pending: [] as string[],

  /** Notes that `operationId` answered `status`. */
  record(operationId: string, status: number): void {
    const statuses = this.seen.get(operationId) ?? new Map<string, number>();
    statuses.set(String(status), (statuses.get(String(status)) ?? 0) + 1);
    this.seen.set(operationId, statuses);
  },
  /** Notes a broken promise; the test it happened in fails, and so does the run. */
  violation(message: string): void {
    this.violations.push(message);
    this.pending.push(message);
  },
  /** Notes a check this target cannot run, and why; printed with the matrix. */
  limitation(check: string, reason: string): void {
    this.limitations.push(`${check}: ${reason}`);
  },
  /** The violations since the last call (one test's worth). */
  takePending(): string[] {
    return this.pending.splice(0);
  },
};

/**
 * A declared pair that no response exercised and the spec does not mark untestable, nor `excused`
 * (what the tests not run for want of a prerequisite would have exercised).
 */
export function unexercised(
  spec: ContractSpec,
  seen: Seen = coverage.seen,
  excused: (op: SpecOperation, status: string) => boolean = () => false,
): string[] {
  return spec.operations.flatMap((op) =>
    op.responses
      .filter(
        (r) =>
          r.untestable === undefined && !seen.get(op.operationId)?.has(r.status) && !excused(op, r.status),
      )
      .map((r) => `${op.operationId} ${r.status}`),
  );
}

/**
 * The operation × status matrix: `✓` exercised, `–` marked untestable by the spec (reason below),
 * `✗` neither; then the server-level answers seen and the target's limitations.
 *
 * @example console.log(renderMatrix(loadContractSpec(), 'built-in'));
 */
export function renderMatrix(spec: ContractSpec, targetName: string, seen: Seen = coverage.seen): string {
  const statuses = [...new Set(spec.operations.flatMap((op) => op.responses.map((r) => r.status)))].sort();
  const width = Math.max(...spec.operations.map((op) => op.operationId.length));
  const reasons = new Map<string, string>();
  const rows = spec.operations.map((op) => {
    const cells = statuses.map((status) => {
      const decl = op.responses.find((r) => r.status === status);
      if (!decl) return '   ';
      if (seen.get(op.operationId)?.has(status)) return ' ✓ ';
      if (decl.untestable === undefined) return ' ✗ ';
      reasons.set(status, decl.untestable);
      return ' – ';
    });
    return `${op.operationId.padEnd(width)} │${cells.join('│')}│`;
  });
  const header = `${'operation'.padEnd(width)} │${statuses.map((s) => s.padStart(3).padEnd(3)).join('│')}│`;
  const lines = [`Contract coverage against ${targetName}`, header, '─'.repeat(header.length), ...rows];
  lines.push('✓ exercised   ✗ never exercised   – not testable from outside:');
  for (const [status, reason] of reasons) lines.push(`  ${status}: ${reason}`);
  const serverLevel = [...(seen.get(SERVER_LEVEL)?.keys() ?? [])].sort();
  lines.push(`Server-level answers checked (no operation): ${serverLevel.join(', ') || 'none'}`);
  lines.push(`Target limitations: ${coverage.limitations.length === 0 ? 'none' : ''}`);
  for (const limitation of coverage.limitations) lines.push(`  - ${limitation}`);
  return lines.join('\n');
}
