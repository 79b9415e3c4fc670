import { autocannonGenerator } from './autocannon.ts';
import type { LoadGenerator } from './types.ts';
import { hasWrk, wrkGenerator } from './wrk.ts';

/** The load generator to use: `wrk` when installed (cheaper on the client), autocannon otherwise. */
export function pickLoadGenerator(preference: 'auto' | 'wrk' | 'autocannon'): LoadGenerator {
  if (preference === 'autocannon') return autocannonGenerator;
  if (preference === 'wrk' || hasWrk()) return wrkGenerator;
  return autocannonGenerator;
}
