import type { KeyEnvironment } from '../../domain/api-key-format.ts';
import type { Caller } from '../authenticate.ts';
import { MockApiError } from '../mock-error.ts';
import type { ResolvedOptions } from '../mock-options.ts';
import type { Model } from '../model.ts';
import type { OpenApiDocument } from '../spec-document.ts';

/** A request's validated input, as an operation sees it. */
export interface OperationInput {
  params: Record<string, string>;
  query: Record<string, unknown>;
  headers: Headers;
  body: unknown;
  caller: Caller;
}

/** What operations may use. */
export interface OperationContext {
  model: Model;
  clock: () => Date;
  options: ResolvedOptions;
  document: OpenApiDocument;
  /** The spec's `Scope` enum, in its order. */
  allScopes: string[];
}

/** An answer with a status or headers of its own, rather than the operation's usual 2xx. */
export class MockReply {
  /**
   * @example new MockReply(304, undefined, { ETag: etag })
   */
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}

/** One operation: validated input in, the response body (or a {@link MockReply}) out, or a thrown {@link MockApiError}. */
export type OperationHandler = (input: OperationInput, context: OperationContext) => unknown;

/**
 * The account and environment whose courses the caller acts on: those of its API key.
 *
 * @example courseOwner(caller) // { ownerId: 'mock-user', environment: 'test' }
 */
export function courseOwner(caller: Caller): { ownerId: string; environment: KeyEnvironment } {
  if (caller.kind === 'apiKey') return { ownerId: caller.ownerId, environment: caller.environment };
  throw new MockApiError('internal_error', 'A course operation was called without an API key.');
}

/**
 * The owner whose data the caller acts on.
 *
 * @example ownerOf({ kind: 'idToken', ownerId: 'alice' }) // 'alice'
 */
export function ownerOf(caller: Caller): string {
  if (caller.kind === 'apiKey' || caller.kind === 'idToken') return caller.ownerId;
  throw new MockApiError('internal_error', 'An operation that needs an owner was called without one.');
}
