// The `course-contract` command, for its two entries: the published bin (cli.ts), which checks a
// server at a URL, and the repository's `npm run contract`, which may also start its own targets.
import { resolve } from 'node:path';
import { EXIT_USAGE, parseCommandLine, UsageError } from './command-line/usage-error.ts';

const USAGE = `Usage: course-contract [options]
       course-contract diff [options] <base> <head>    (see course-contract diff --help)
       course-contract replay [options] <report.json>  (see course-contract replay --help)

Checks that a Course Management Service keeps the promises of its openapi.yaml.

Options:
  --base-url URL          the server to check (CONTRACT_BASE_URL); required, except in a checkout
                          of the course-service repository, where without it the reference server
                          (or, with --target mocks, the msw mocks) is started in-process
  --id-token-url URL      POST {"sub"} -> {"idToken"} endpoint (CONTRACT_ID_TOKEN_URL; default <base>/dev/token)
  --id-token-command CMD  shell command printing an ID token for $CONTRACT_SUBJECT (CONTRACT_ID_TOKEN_COMMAND)
  --jwks-url URL          the identity provider's JWKS, for the algorithm-confusion forgery
                          (CONTRACT_JWKS_URL; default <base>/dev/.well-known/jwks.json, none with
                          --id-token-command)
  --webhook-url URL       a URL the server accepts for webhook endpoints, for a server that cannot
                          reach this machine (CONTRACT_WEBHOOK_URL; default: the suite's own receiver
                          on 127.0.0.1, which a server allowing private addresses delivers to)
  --target server|mocks   in the repository, what to start when no base URL is given (CONTRACT_TARGET)
  --max-wait SECONDS      total time the run may wait for the server's failed-authentication limit
                          (CONTRACT_MAX_WAIT_SECONDS; default 600); past it the run fails
  --junit FILE            also write a JUnit XML report (every check a test case) to FILE
  --report FILE           also write a JSON report (operation × status pairs, each check's passes
                          and failures, requests sent, time waited; each failure with a curl
                          command that reproduces it, grouped by cause) to FILE
  --format text|github    github: also print each cause of failure as a GitHub Actions annotation at
                          its operation's line in openapi.yaml (the default when GITHUB_ACTIONS is set)
  -t, --grep PATTERN      run only the tests whose name matches PATTERN (a regular expression)
  --preflight             check only what the run needs of the target (ID tokens, an accepted
                          webhook URL, the secret scanner's keys, a workable quota), each missing
                          one with the setting that fixes it; every run starts with this check
  -h, --help              this text

Exit codes: 0 every selected test passed, 1 a check or test failed, 64 a wrong command line.`;

/** Where the suite is, and what else a run may start. */
export interface CourseContractOptions {
  /** The folder holding `contract-tests/` (the suite's two test files) and, in the repository, the spec. */
  root: string;
  /**
   * A vitest setup file that registers in-process targets (`registerTarget`), so that a run needs
   * no base URL: the course-service repository's own (`npm run contract`); none when installed.
   */
  inProcessTargets?: string | undefined;
}

async function runSuite(args: string[], options: CourseContractOptions): Promise<number> {
  const { values } = parseCommandLine({
    args,
    options: {
      'base-url': { type: 'string' },
      'id-token-url': { type: 'string' },
      'id-token-command': { type: 'string' },
      'jwks-url': { type: 'string' },
      'webhook-url': { type: 'string' },
      target: { type: 'string' },
      'max-wait': { type: 'string' },
      junit: { type: 'string' },
      report: { type: 'string' },
      format: { type: 'string' },
      grep: { type: 'string', short: 't' },
      preflight: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const env: Record<string, string | undefined> = {
    CONTRACT_BASE_URL: values['base-url'],
    CONTRACT_ID_TOKEN_URL: values['id-token-url'],
    CONTRACT_ID_TOKEN_COMMAND: values['id-token-command'],
    CONTRACT_JWKS_URL: values['jwks-url'],
    CONTRACT_WEBHOOK_URL: values['webhook-url'],
    CONTRACT_TARGET: values.target,
    CONTRACT_MAX_WAIT_SECONDS: values['max-wait'],
    CONTRACT_FORMAT: values.format,
    CONTRACT_PREFLIGHT: values.preflight ? 'only' : undefined,
    // The run starts in the package root: files named on the command line are the caller's.
    CONTRACT_REPORT_FILE: values.report === undefined ? undefined : resolve(values.report),
  };
  for (const [name, value] of Object.entries(env)) if (value !== undefined) process.env[name] = value;
  if (values.format !== undefined && !['text', 'github'].includes(values.format))
    throw new UsageError(`--format must be text or github, got '${values.format}'`);
  if (!process.env.CONTRACT_BASE_URL && !options.inProcessTargets)
    throw new UsageError('no server to check: give its URL with --base-url URL (or CONTRACT_BASE_URL)');

  const { startVitest } = await import('vitest/node');
  const vitest = await startVitest('test', [], {
    root: options.root,
    config: false,
    include: ['contract-tests/{contract,validator}.test.{ts,js}'],
    ...(options.inProcessTargets ? { setupFiles: [options.inProcessTargets] } : {}),
    watch: false,
    reporters: values.junit
      ? ['default', ['junit', { outputFile: resolve(values.junit), suiteName: 'course-contract' }]]
      : ['default'],
    ...(values.grep ? { testNamePattern: values.grep } : {}),
    testTimeout: 60_000,
    hookTimeout: 60_000,
  });
  const failed = vitest.state.getCountOfFailedTests() > 0 || vitest.state.getUnhandledErrors().length > 0;
  await vitest.close();
  return failed || process.exitCode ? 1 : 0;
}

/**
 * Runs `course-contract <args>` (the suite, `diff` or `replay`) and resolves with its exit code; a
 * command-line mistake is printed as one line and ends with 64.
 *
 * @example process.exit(await courseContract(process.argv.slice(2), { root }));
 */
export async function courseContract(args: string[], options: CourseContractOptions): Promise<number> {
  try {
    return await dispatch(args, options);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`course-contract: ${error.message.split('\n')[0]}\n`);
    return EXIT_USAGE;
  }
}

async function dispatch(args: string[], options: CourseContractOptions): Promise<number> {
  if (args[0] === 'diff') {
    const { runDiffCommand } = await import('./diff/diff-command.ts');
    return runDiffCommand(args.slice(1));
  }
  if (args[0] === 'replay') {
    const { runReplayCommand } = await import('./replay-command.ts');
    return runReplayCommand(args.slice(1));
  }
  return runSuite(args, options);
}
