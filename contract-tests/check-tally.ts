import type { CheckName } from './checks.ts';

/** One check's count over the run. */
export interface CheckCount {
  passes: number;
  failures: number;
  /** The first few failure messages, for the report. */
  examples: string[];
}

const MAX_EXAMPLES = 5;

/**
 * How often each check passed and failed during the run: module state, shared by the contract fetch
 * (checks on every answer), the generic checks and the report.
 */
export const tally = {
  counts: new Map<CheckName, CheckCount>(),
  /** Requests sent to the target. */
  requests: 0,

  /** Counts one pass of `check`. */
  pass(check: CheckName): void {
    this.entry(check).passes++;
  },
  /** Counts one failure of `check`, keeping its message among the first few. */
  fail(check: CheckName, message: string): void {
    const entry = this.entry(check);
    entry.failures++;
    if (entry.examples.length < MAX_EXAMPLES) entry.examples.push(message);
  },
  /** The count of `check`, created empty on first use. */
  entry(check: CheckName): CheckCount {
    let entry = this.counts.get(check);
    if (!entry) {
      entry = { passes: 0, failures: 0, examples: [] };
      this.counts.set(check, entry);
    }
    return entry;
  },
};
