/** How the dashboard signs people in, as served by `GET /dashboard/config.json`. */
export type DashboardConfig =
  | { mode: 'dev' }
  | {
      mode: 'oidc';
      /** The OpenID Connect issuer; its discovery document gives the endpoints. */
      issuer: string;
      clientId: string;
      /** Scopes requested at sign-in. @default 'openid' */
      scope?: string;
    };

/**
 * Fetches the sign-in configuration from the server that serves the dashboard.
 *
 * @example const config = await loadDashboardConfig();
 */
export async function loadDashboardConfig(): Promise<DashboardConfig> {
  const response = await fetch('/dashboard/config.json', { headers: { Accept: 'application/json' } });
  if (!response.ok)
    throw new Error(`The dashboard configuration could not be loaded (HTTP ${response.status}).`);
  return (await response.json()) as DashboardConfig;
}
