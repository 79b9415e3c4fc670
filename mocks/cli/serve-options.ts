import { readFileSync } from 'node:fs';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import type { CourseServiceMockOptions } from '../index.ts';
import { type ScenarioRequest, scenarioFlag } from './scenario-request.ts';

/** A mistake on the command line: printed as one line with a pointer to `--help`, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** What `course-mock serve` was asked for: where to listen, the mock's options, the scenarios to keep. */
export interface ServeOptions {
  port: number;
  host: string;
  mock: Omit<CourseServiceMockOptions, 'baseUrl'>;
  /** Set at start and again after every reset. */
  scenarios: ScenarioRequest[];
}

/** The fields a seed file may hold: the mock's keys, tokens and courses. */
const SEED_FIELDS = ['apiKeys', 'idTokens', 'courses'];

const FLAGS = {
  port: { type: 'string', default: '3000' },
  host: { type: 'string', default: '127.0.0.1' },
  seed: { type: 'string' },
  scenario: { type: 'string', multiple: true, default: [] as string[] },
  overrides: { type: 'boolean', default: false },
  'rate-limit-max': { type: 'string' },
  'rate-limit-window': { type: 'string' },
  'auth-failure-max': { type: 'string' },
  'body-limit': { type: 'string' },
  'api-key-prefix': { type: 'string' },
  'webhook-allow-private-urls': { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} satisfies ParseArgsConfig['options'];

/** The flags' values; `parseArgs`' own errors (an unknown flag, a missing value) are usage errors. */
function flagsOf(args: string[]) {
  try {
    return parseArgs({ args, options: FLAGS, allowPositionals: false }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function wholeNumber(flag: string, value: string | undefined, min: number, max = Number.MAX_SAFE_INTEGER) {
  if (value === undefined) return undefined;
  const number = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!(number >= min && number <= max))
    throw new UsageError(`--${flag} takes a whole number from ${min} to ${max}, got '${value}'`);
  return number;
}

/** The mock's options a seed file gives: `{ "apiKeys": [...], "idTokens": {...}, "courses": [...] }`. */
function readSeedFile(path: string): Pick<CourseServiceMockOptions, 'apiKeys' | 'idTokens' | 'seed'> {
  let seed: unknown;
  try {
    seed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new UsageError(`--seed ${path}: ${(error as Error).message}`);
  }
  if (seed === null || typeof seed !== 'object' || Array.isArray(seed))
    throw new UsageError(`--seed ${path}: a seed file holds a JSON object`);
  const unknown = Object.keys(seed).filter((field) => !SEED_FIELDS.includes(field));
  if (unknown.length > 0)
    throw new UsageError(
      `--seed ${path}: unknown field ${unknown.join(', ')}; it takes ${SEED_FIELDS.join(', ')}`,
    );
  const { apiKeys, idTokens, courses } = seed as Record<string, never>;
  // The records themselves the mock checks against the spec, naming the one it refuses.
  for (const [field, value] of Object.entries({ apiKeys, courses }))
    if (value !== undefined && !Array.isArray(value))
      throw new UsageError(`--seed ${path}: "${field}" must be a list`);
  const tokens: unknown = idTokens ?? {};
  const subjects =
    typeof tokens === 'object' && tokens !== null && !Array.isArray(tokens)
      ? Object.values(tokens)
      : [tokens];
  if (subjects.some((subject) => typeof subject !== 'string'))
    throw new UsageError(`--seed ${path}: "idTokens" maps each token to its subject, a string`);
  return { apiKeys, idTokens, seed: { courses } };
}

/**
 * The options of `course-mock serve` from its arguments, or `'help'`; a mistake throws a
 * {@link UsageError} naming it. Reads the seed file, whose records the mock checks when created.
 *
 * @example parseServeOptions(['--port', '0', '--overrides']) // { port: 0, host: '127.0.0.1', … }
 */
export function parseServeOptions(args: string[]): ServeOptions | 'help' {
  const values = flagsOf(args);
  if (values.help) return 'help';
  const rateLimit = {
    max: wholeNumber('rate-limit-max', values['rate-limit-max'], 1),
    windowSeconds: wholeNumber('rate-limit-window', values['rate-limit-window'], 1),
    authFailureMax: wholeNumber('auth-failure-max', values['auth-failure-max'], 1),
  };
  const mock: ServeOptions['mock'] = {
    ...(values.seed === undefined ? {} : readSeedFile(values.seed)),
    rateLimit: Object.fromEntries(Object.entries(rateLimit).filter(([, value]) => value !== undefined)),
    bodyLimitBytes: wholeNumber('body-limit', values['body-limit'], 1),
    apiKeyPrefix: values['api-key-prefix'],
    overrides: values.overrides,
    webhookAllowPrivateUrls: values['webhook-allow-private-urls'],
  };
  return {
    port: wholeNumber('port', values.port, 0, 65_535) ?? 0,
    host: values.host,
    mock,
    scenarios: values.scenario.map((flag) => {
      try {
        return scenarioFlag(flag);
      } catch (error) {
        throw new UsageError(`--scenario ${flag}: ${(error as Error).message}`);
      }
    }),
  };
}

/** What `course-mock serve --help` prints. */
export const SERVE_USAGE = `Usage: course-mock serve [options]

Serves the mocked Course Management Service over HTTP, for tests in any language.

Options:
  --port <n>                    port to listen on; 0 takes any free one (default 3000)
  --host <address>              address to listen on (default 127.0.0.1)
  --seed <file>                 JSON with "apiKeys", "idTokens" and "courses", present from
                                the start and again after every reset
  --scenario <op>=<name>[,k=v]  force answers of an operation, e.g. createCourse=rateLimited,
                                getCourse=serverError,times=2 (again after every reset)
  --overrides                   let a request force an error: Prefer: code=503, x-mock-scenario
  --rate-limit-max <n>          requests per key per window (default 100)
  --rate-limit-window <s>       the window, in seconds (default 60)
  --auth-failure-max <n>        failed authentications per window (default 20)
  --body-limit <bytes>          larger bodies answer 413 (default 65536)
  --api-key-prefix <prefix>     the prefix of created keys (default cms)
  --webhook-allow-private-urls  webhook endpoints may use http and private addresses
  -h, --help                    show this help

Besides the API: GET /__mock/requests (what it received, as JSON), POST /__mock/reset,
POST /__mock/scenarios. It prints its URL on one line once it listens.
`;
