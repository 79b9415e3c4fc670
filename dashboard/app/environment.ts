import type { KeyEnvironment } from '../../sdk/index.ts';

const PARAM = 'environment';
const STORAGE_KEY = 'course-service.dashboard.environment';

const isEnvironment = (value: string | null | undefined): value is KeyEnvironment =>
  value === 'prod' || value === 'test';

/** How each environment is named on screen. */
export const ENVIRONMENT_NAMES: Record<KeyEnvironment, string> = { prod: 'Production', test: 'Test' };

/**
 * The environment chosen with the Test mode switch: the page's `?environment=` when it names one (so
 * a link or a reload shows the same data), else the last choice kept in local storage, else `prod`.
 *
 * @example client.apiKeys.list({ environment: selectedEnvironment() })
 */
export function selectedEnvironment(): KeyEnvironment {
  const fromUrl = new URLSearchParams(location.search).get(PARAM);
  if (isEnvironment(fromUrl)) return fromUrl;
  const stored = readStorage();
  return isEnvironment(stored) ? stored : 'prod';
}

/**
 * Remembers the choice in local storage and in the URL (without a history entry), so it survives a
 * reload, the navigation links and signing in again. Only Test mode shows in the URL
 * (`?environment=test`): production, the default, keeps the plain address. Not a secret.
 *
 * @example selectEnvironment('test');
 */
export function selectEnvironment(environment: KeyEnvironment): void {
  writeStorage(environment);
  const url = new URL(location.href);
  if (environment === 'test') url.searchParams.set(PARAM, environment);
  else url.searchParams.delete(PARAM);
  history.replaceState(history.state, '', url);
}

// Storage may be disabled; the address then carries the choice for as long as it can.
function writeStorage(environment: KeyEnvironment): void {
  try {
    localStorage.setItem(STORAGE_KEY, environment);
  } catch {
    // Nothing to keep it in.
  }
}

function readStorage(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * Keeps a `?environment=` the dashboard was opened with, before sign-in can drop it from the
 * address: a Test mode link then still opens in Test mode after signing in.
 *
 * @example rememberEnvironmentFromUrl(); // at start, before any redirect
 */
export function rememberEnvironmentFromUrl(): void {
  const fromUrl = new URLSearchParams(location.search).get(PARAM);
  if (isEnvironment(fromUrl)) writeStorage(fromUrl);
}
