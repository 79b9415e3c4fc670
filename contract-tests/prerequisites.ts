// What the suite needs of a target, and the settings that provide it: checked by the preflight.

/** What the suite needs of a target beyond the API itself, each with the setting that provides it. */
export const PREREQUISITES = {
  idTokens: {
    what: 'ID tokens for any subject',
    fix: "give the suite a source of ID tokens its server accepts: --id-token-command CMD (CONTRACT_ID_TOKEN_COMMAND, prints a token for $CONTRACT_SUBJECT) or --id-token-url URL (CONTRACT_ID_TOKEN_URL); a development server's own provider answers at <base>/dev/token",
  },
  webhookUrl: {
    what: 'a webhook URL the server accepts',
    fix: "pass --webhook-url URL (CONTRACT_WEBHOOK_URL), an https URL whose host the server may post to, or let the server accept the suite's receiver on 127.0.0.1: a development server does by default, a production one with WEBHOOK_ALLOW_PRIVATE_URLS=true",
  },
  scannerKeys: {
    what: "the secret scanner's public keys, reachable by the server",
    fix: 'set SECRET_SCANNING_KEYS_URL on the server to a key set it can reach (a development server publishes its own, at <base>/dev/secret-scanning/public-keys)',
  },
  quota: {
    what: 'a course quota the suite can work within',
    fix: 'set RATE_LIMIT_MAX on the server between 20 (what one test may spend on a key) and 1000 (past which the suite cannot drive a key to its 429)',
  },
} as const;

export type Prerequisite = keyof typeof PREREQUISITES;

/** A prerequisite the target does not meet: what the suite tried, what came back, and the fix. */
export interface Finding {
  prerequisite: Prerequisite;
  observed: string;
}
