import type { KeyEnvironment } from '../../domain/api-key-format.ts';
import type { CourseTransition } from '../../domain/course-lifecycle.ts';
import type { RateLimitPolicy } from '../../domain/rate-limit-headers.ts';
import type { CredentialKind } from '../spec/operation-table.ts';

/**
 * The core's one port for observability: events the pipeline and the operations already know,
 * reported as they happen, for an adapter to count (Prometheus) or trace (OpenTelemetry). The
 * core depends on no metrics or tracing library; {@link NO_OBSERVER} ignores everything. Calls are
 * on the request's path: an implementation must be cheap and must not throw.
 */
export interface Observer {
  /**
   * An authentication of a `credential` begins; the function it returns is called once, when it
   * ends, with `success` or the problem code that refused it (`invalid_api_key`, …).
   */
  authenticating(credential: Exclude<CredentialKind, 'none'>): (outcome: string) => void;
  /** A request was refused with 429 because `policy`'s quota is spent. */
  rateLimited(policy: RateLimitPolicy): void;
  /** A stored response was replayed for an `Idempotency-Key` of `operationId`. */
  replayed(operationId: string): void;
  /** A course went through `transition` (publish, archive, restore). */
  courseTransitioned(transition: CourseTransition): void;
  /** An API key of `environment` was created (not counted again when its creation is replayed). */
  apiKeyCreated(environment: KeyEnvironment): void;
  /** An API key was revoked (revoking it again changes nothing and is not counted). */
  apiKeyRevoked(): void;
}

const ignore = () => undefined;

/** The observer that ignores every event: the default, and what the mocks run with. */
export const NO_OBSERVER: Observer = {
  authenticating: () => ignore,
  rateLimited: ignore,
  replayed: ignore,
  courseTransitioned: ignore,
  apiKeyCreated: ignore,
  apiKeyRevoked: ignore,
};
