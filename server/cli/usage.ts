import { parseArgs } from 'node:util';

/** A command line the program cannot run: printed as one line, and the process exits 64 (EX_USAGE). */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** Where a command writes, and the world it runs in. */
export interface CliContext {
  env: Record<string, string | undefined>;
  out(text: string): void;
  err(text: string): void;
  /** Whether standard output is a terminal (pretty logs by default). */
  isTerminal: boolean;
}

/**
 * A subcommand: how many arguments it takes, the help `--help` prints, and what it does with
 * them. `run` resolves the exit status; a server keeps the process alive after it resolves.
 */
export interface Command {
  help: string;
  positionals?: { min: number; max: number };
  run(positionals: string[], context: CliContext): number | Promise<number>;
}

/**
 * Parses a command's arguments strictly into its positionals; `--help` anywhere asks for the help
 * text (`'help'`). An option (the commands take none but `--help`) or a wrong number of arguments
 * is a {@link UsageError} naming it, never a stack trace.
 *
 * @example parseCommand(['alice'], tokenCommand) // ['alice']
 */
export function parseCommand(args: string[], command: Omit<Command, 'run'>): string[] | 'help' {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args,
      options: { help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    // Node's first sentence names the problem ("Unknown option '--x'"); the rest is advice on '--'.
    const first = (error as Error).message.split('. ')[0] ?? 'invalid arguments';
    throw new UsageError(first.charAt(0).toLowerCase() + first.slice(1));
  }
  if (parsed.values.help) return 'help';
  const { min, max } = command.positionals ?? { min: 0, max: 0 };
  const count = parsed.positionals.length;
  if (count < min || count > max) {
    throw new UsageError(
      count < min ? 'missing an argument' : `unexpected argument '${parsed.positionals[max]}'`,
    );
  }
  return parsed.positionals;
}
