/** The logging the store needs; pino's logger fits it. */
export interface StoreLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** A logger that drops everything, for callers that pass none. */
export const SILENT_LOGGER: StoreLogger = {
  info() {},
  warn() {},
  error() {},
};
