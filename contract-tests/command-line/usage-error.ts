import { type ParseArgsConfig, parseArgs } from 'node:util';

/** A mistake on the command line: printed as one line, and the command exits 64 (EX_USAGE). */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** The exit code of a command-line mistake (sysexits' EX_USAGE). */
export const EXIT_USAGE = 64;

/**
 * `parseArgs` (strict) whose errors (an unknown option, a missing value) are {@link UsageError}s.
 *
 * @example const { values } = parseCommandLine({ args, options: { format: { type: 'string' } } });
 */
export function parseCommandLine<T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}
