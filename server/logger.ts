import { type Logger, pino } from 'pino';

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
];

/** The structured JSON logger (pino) at `level`. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    { level, redact: { paths: REDACT, censor: '[redacted]' }, base: { service: 'course-service' } },
    destination,
  );
}
