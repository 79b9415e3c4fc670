/** The recommended rotation interval for API keys, from the service's documentation. */
export const ROTATION_DAYS = 90;
const DAY_MS = 86_400_000;

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * A timestamp as a short local date, `—` for none.
 *
 * @example formatDate('2026-11-01T08:00:00Z') // "Nov 1, 2026"
 */
export function formatDate(iso: string | null): string {
  return iso ? dateFormat.format(new Date(iso)) : '—';
}

/**
 * A timestamp as local date and time, for tooltips and screen readers.
 *
 * @example formatDateTime('2026-11-01T08:00:00Z')
 */
export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

/**
 * Whole days between a timestamp and now.
 *
 * @example ageInDays(key.createdAt) > ROTATION_DAYS
 */
export function ageInDays(iso: string, now: number = Date.now()): number {
  return Math.floor((now - Date.parse(iso)) / DAY_MS);
}

/**
 * The date `days` from now as `YYYY-MM-DD`, for date inputs.
 *
 * @example h('input', { type: 'date', min: dateInDays(1) })
 */
export function dateInDays(days: number, now: number = Date.now()): string {
  return new Date(now + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The time left until `iso`, in words: days and hours, hours and minutes, or minutes.
 *
 * @example timeLeft(key.expiresAt) // "23 h 59 min"
 */
export function timeLeft(iso: string, now: number = Date.now()): string {
  const minutes = Math.max(0, Math.floor((Date.parse(iso) - now) / 60_000));
  if (minutes < 1) return 'less than a minute';
  const [days, hours] = [Math.floor(minutes / 1440), Math.floor((minutes % 1440) / 60)];
  if (days > 0) return `${days} day${days === 1 ? '' : 's'} ${hours} h`;
  return hours > 0 ? `${hours} h ${minutes % 60} min` : `${minutes} min`;
}
