/** How much a client logs: nothing (`off`, the default), or `error` and up to `debug`. */
export type LogLevel = 'off' | 'error' | 'warn' | 'info' | 'debug';

/** Where log lines go: `console` (the default), a pino or winston logger, or any object with these methods. */
export interface Logger {
  error(message: string): void;
  warn(message: string): void;
  info(message: string): void;
  debug(message: string): void;
}

/** A client's log: a function for each level that is on and none for the others, so `log.debug?.(…)` builds no line when off. */
export type Log = { [L in Exclude<LogLevel, 'off'>]?: (line: string) => void };

const LEVELS = ['error', 'warn', 'info', 'debug'] as const;
const VARIABLE = 'COURSE_SERVICE_LOG';

/** Where the environment may be: Node's `process.env`. */
interface Scope {
  process?: { env?: Record<string, string | undefined> };
}

/**
 * `COURSE_SERVICE_LOG` from the environment, where there is one (Node's `process.env`). Browsers and
 * edge runtimes have no `process`, and some runtimes throw when a script reads the environment
 * without permission: both read as unset.
 *
 * @example environmentLogLevel() // 'debug' after `COURSE_SERVICE_LOG=debug node app.js`
 */
export function environmentLogLevel(scope: Scope = globalThis as Scope): string | undefined {
  try {
    return scope.process?.env?.[VARIABLE] || undefined;
  } catch {
    return undefined;
  }
}

const isLevel = (value: string): value is LogLevel =>
  value === 'off' || (LEVELS as readonly string[]).includes(value);

/**
 * A client's log: `level`, else the environment's `COURSE_SERVICE_LOG`, else `off`, decides which
 * lines reach `logger`; each line starts with `course-service:`. A `level` that is none of the
 * levels throws a `TypeError`; an environment value that is none is reported once, as a warning,
 * and logs nothing.
 *
 * @example const log = createLog('info', console); log.info?.('getCourse: retrying in 500 ms');
 */
export function createLog(
  level: LogLevel | undefined,
  logger: Logger = console,
  fromEnvironment: string | undefined = environmentLogLevel(),
): Log {
  // Types stop a wrong level in TypeScript only; a JavaScript caller's typo must not silence the log.
  if (level !== undefined && !isLevel(level))
    throw new TypeError(`logLevel '${String(level)}' is none of off, ${LEVELS.join(', ')}.`);
  let chosen = level ?? 'off';
  const asked = fromEnvironment?.trim().toLowerCase();
  if (level === undefined && asked !== undefined) {
    if (isLevel(asked)) chosen = asked;
    else
      logger.warn(
        `course-service: ${VARIABLE}='${fromEnvironment}' is none of off, ${LEVELS.join(', ')}; not logging.`,
      );
  }
  const log: Log = {};
  for (const name of LEVELS.slice(0, LEVELS.indexOf(chosen as (typeof LEVELS)[number]) + 1)) {
    log[name] = (line) => logger[name](`course-service: ${line}`);
  }
  return log;
}

const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'x-api-key', 'cookie']);

/**
 * Request headers for a log line, with every credential (`Authorization`, `X-API-Key`, cookies)
 * replaced by `[redacted]`.
 *
 * @example redactedHeaders(new Headers({ Authorization: 'Bearer cms_…' })) // '{"authorization":"[redacted]"}'
 */
export function redactedHeaders(headers: Headers): string {
  const shown: Record<string, string> = {};
  headers.forEach((value, name) => {
    shown[name] = CREDENTIAL_HEADERS.has(name) ? '[redacted]' : value;
  });
  return JSON.stringify(shown);
}
