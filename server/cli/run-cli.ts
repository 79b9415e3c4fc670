import { openApiDocument } from '@course-service/runtime';
import { ConfigError } from '../config.ts';
import { checkConfigCommand } from './check-config.ts';
import { migrateCommand } from './migrate.ts';
import { serveCommand } from './serve.ts';
import { tokenCommand } from './token.ts';
import { type CliContext, type Command, parseCommand, UsageError } from './usage.ts';

const HELP = `Usage: course-service [command] [options]

The Course Management Service.

Commands:
  serve           run the server: API, docs, dashboard, MCP (the default command)
  token SUBJECT   print an ID token from the development identity provider
  migrate         bring the PostgreSQL schema (DATABASE_URL) up to date, then exit
  check-config    check the environment variables and print the configuration

Options:
  -h, --help      this text; after a command, that command's help
  -v, --version   the version (the API's)

Configuration comes from environment variables: every one, with its default, is in the
"Configuration" section of this package's README.md (course-service check-config checks them).`;

const COMMANDS: Record<string, Command> = {
  serve: serveCommand,
  token: tokenCommand,
  migrate: migrateCommand,
  'check-config': checkConfigCommand,
};

/** The process's own streams and environment, as a command sees them. */
export function processContext(): CliContext {
  return {
    env: process.env,
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    isTerminal: process.stdout.isTTY === true,
  };
}

/**
 * Runs the `course-service` command line with `args`, and resolves the exit status (a running
 * server keeps the process alive after it resolves). Usage errors are one line and 64, a bad
 * configuration every problem and 78, never a stack trace.
 *
 * @example process.exitCode = await runCli(['check-config'], processContext());
 */
export async function runCli(args: string[], context: CliContext): Promise<number> {
  const [first, ...rest] = args;
  try {
    if (first === '-h' || first === '--help') {
      context.out(`${HELP}\n`);
      return 0;
    }
    if (first === '-v' || first === '--version') {
      context.out(`${openApiDocument.info.version}\n`);
      return 0;
    }
    const name = first === undefined || first.startsWith('-') ? 'serve' : first;
    const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
    if (!command) throw new UsageError(`unknown command '${name}'`);
    const parsed = parseCommand(name === first ? rest : args, command);
    if (parsed === 'help') {
      context.out(`${command.help}\n`);
      return 0;
    }
    return await command.run(parsed, context);
  } catch (error) {
    if (error instanceof UsageError) {
      context.err(`course-service: ${error.message} (see course-service --help)\n`);
      return 64;
    }
    if (error instanceof ConfigError) {
      context.err(`${error.message}\n`);
      return 78;
    }
    throw error;
  }
}
