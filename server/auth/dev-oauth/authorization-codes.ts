import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A client registered through dynamic client registration (RFC 7591): public, PKCE only. */
export interface DevClient {
  clientId: string;
  redirectUris: string[];
  clientName: string | undefined;
}

/** What an authorization code stands for until it is redeemed once. */
interface PendingCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  subject: string;
  expiresAt: number;
}

/** Codes live a minute (RFC 6749 recommends at most ten); the maps are bounded against floods. */
const CODE_LIFETIME_MS = 60_000;
/** How many clients, and how many pending codes, are kept at most. */
export const MAX_ENTRIES = 1000;

const random = () => randomBytes(32).toString('base64url');

function bounded<V>(map: Map<string, V>, key: string, value: V): void {
  if (map.size >= MAX_ENTRIES) map.delete(map.keys().next().value as string);
  map.set(key, value);
}

/** `BASE64URL(SHA256(verifier))`, compared in constant time with the stored challenge (PKCE S256). */
function verifierMatches(verifier: string, challenge: string): boolean {
  const computed = Buffer.from(createHash('sha256').update(verifier).digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}

/**
 * The development authorization server's memory: registered clients and pending codes, in this
 * process only (a restart forgets them; clients register again). Codes are single use, bound to
 * their client, redirect URI and PKCE challenge, and expire after a minute.
 */
export function createDevAuthorizationState(clock: () => number = Date.now) {
  const clients = new Map<string, DevClient>();
  const codes = new Map<string, PendingCode>();
  return {
    register(redirectUris: string[], clientName: string | undefined): DevClient {
      const client = { clientId: `dev_${random()}`, redirectUris, clientName };
      bounded(clients, client.clientId, client);
      return client;
    },
    client: (clientId: string) => clients.get(clientId),
    issueCode(pending: Omit<PendingCode, 'expiresAt'>): string {
      const code = random();
      const now = clock();
      // Expired codes make room first, so a live one is evicted only when all are live.
      if (codes.size >= MAX_ENTRIES)
        for (const [old, { expiresAt }] of codes) if (expiresAt <= now) codes.delete(old);
      bounded(codes, code, { ...pending, expiresAt: now + CODE_LIFETIME_MS });
      return code;
    },
    /** The subject a code was issued for, or why it cannot be redeemed; the code is gone either way. */
    redeem(
      code: string,
      clientId: string,
      redirectUri: string,
      verifier: string,
    ): { subject: string } | { error: string } {
      const pending = codes.get(code);
      codes.delete(code);
      if (!pending || pending.expiresAt <= clock()) return { error: 'The code is unknown, used or expired.' };
      if (pending.clientId !== clientId) return { error: 'The code was issued to another client.' };
      if (pending.redirectUri !== redirectUri)
        return { error: 'redirect_uri differs from the authorization request.' };
      if (!verifierMatches(verifier, pending.codeChallenge))
        return { error: 'code_verifier does not match the code_challenge.' };
      return { subject: pending.subject };
    },
  };
}

/** The development authorization server's state. */
export type DevAuthorizationState = ReturnType<typeof createDevAuthorizationState>;
