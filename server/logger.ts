import { type Logger, pino } from 'pino';
import pretty from 'pino-pretty';

/** Paths that could hold a credential; pino replaces them, as a second line of defence: we never log them. */
const REDACT = [
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  '*.authorization',
  '*["x-api-key"]',
  '*.idToken',
  '*.key',
  '*.apiKeyHashSecret',
  '*.mcpMasterApiKey',
  // ioredis puts the failed command on its errors: HELLO's and AUTH's arguments hold the password.
  '*.command.args',
];

/** How log lines are written: JSON for machines, or one readable line each for people at a terminal. */
export type LogFormat = 'json' | 'pretty';

/**
 * The logger (pino) at `level`: JSON lines, or with `format: 'pretty'` readable lines with ISO
 * times through pino's own pretty printer (in this thread, so the last line before an exit is
 * never lost).
 *
 * @example createLogger('info', { format: process.stdout.isTTY ? 'pretty' : 'json' })
 */
export function createLogger(
  level: string,
  options: { format?: LogFormat; destination?: pino.DestinationStream } = {},
): Logger {
  const destination =
    options.format === 'pretty'
      ? pretty({
          colorize: process.stdout.isTTY === true,
          translateTime: 'SYS:yyyy-mm-dd HH:MM:ss.l o',
          ignore: 'pid,hostname,service',
          singleLine: true,
          sync: true,
          ...(options.destination && { destination: options.destination }),
        })
      : options.destination;
  return pino(
    { level, redact: { paths: REDACT, censor: '[redacted]' }, base: { service: 'course-service' } },
    destination,
  );
}
