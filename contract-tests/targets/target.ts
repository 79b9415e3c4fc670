import type { JWK, JWSHeaderParameters, JWTPayload } from 'jose';
import type { QuotaPolicy } from '../auth-budget.ts';
import type { WebhookReceiver } from '../webhooks/webhook-receiver.ts';

/** What the suite can do with the target's identity provider beyond asking it for tokens. */
interface IdentityProviderAccess {
  /** Signs a token with the provider's real key (claims and header override the valid defaults): expired, wrong issuer, wrong audience. */
  sign?: (claims: JWTPayload, header?: Partial<JWSHeaderParameters>) => Promise<string>;
  /** The provider's public keys, to forge an HS256 token keyed with one (algorithm confusion). */
  jwks?: () => Promise<{ keys: JWK[] }>;
}

/** The two headers a secret scanner signs a report with: `Github-Public-Key-Identifier` and `-Signature`. */
export interface LeakReportSignature {
  keyIdentifier: string;
  signature: string;
}

/**
 * A server under test, whatever it is: the built-in reference server, a deployment, or the msw mocks.
 * Suites see only this interface, so they never know which target they run against.
 */
export interface Target {
  /** Printed with the coverage matrix. */
  name: string;
  /** Where the API is, e.g. `http://127.0.0.1:3000`. */
  baseUrl: string;
  /** How to reach it (the mocks answer in-process). */
  fetch: (request: Request) => Promise<Response>;
  /** A valid ID token for `subject` from the target's identity provider. */
  issueIdToken(subject: string): Promise<string>;
  /** Further access to the identity provider; what is missing is explained in `unsupported`. */
  idp: IdentityProviderAccess;
  /** Its failed-authentication policy, when the target sets it itself (a deployment advertises its own). */
  authFailurePolicy?: QuotaPolicy;
  /**
   * A URL the target accepts for a webhook endpoint (`WebhookUrl`), for the generic checks' valid
   * requests; the spec's example when absent. On the built-in server, a URL of `webhookReceiver`.
   */
  webhookUrl?: string;
  /** The suite's receiver, which the target's deliveries reach; absent where they cannot (see `unsupported`). */
  webhookReceiver?: WebhookReceiver;
  /**
   * Signs a leaked-key report (its exact body) as the target's secret scanner would, for the
   * genuine report's checks; resolves `undefined` where nothing signs for the target (a production
   * server: only the scanner holds its key).
   */
  signLeakReport?: (report: string) => Promise<LeakReportSignature | undefined>;
  /** A sibling target with small quotas (5 per 2 s, 3 failed authentications), for the 429 checks. */
  withSmallLimits?: () => Promise<Target>;
  /** Why a capability above is absent: printed as a limitation of the run, never skipped silently. */
  unsupported: Partial<Record<'sign' | 'jwks' | 'withSmallLimits' | 'mcpTools' | 'webhookDelivery', string>>;
  /** Stops what the target started. */
  close(): Promise<void>;
}
