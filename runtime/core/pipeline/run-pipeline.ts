import { idempotencyScope } from '../../domain/idempotency-scope.ts';
import type { Authenticator } from '../auth/authenticator.ts';
import type { UsageTracker } from '../auth/usage-tracker.ts';
import { ApiError } from '../model/api-error.ts';
import type { Caller } from '../model/caller.ts';
import type { Observer } from '../model/observer.ts';
import type { RateLimits, RequestHeaders } from '../model/ports.ts';
import type { OperationDeps, OperationHandler, OperationInput } from '../operation-helpers/operation.ts';
import { deprecationHeadersFor } from '../spec/deprecation.ts';
import type { Route } from '../spec/operation-router.ts';
import { HeaderList } from './header-list.ts';
import { type Idempotency, requestHash } from './idempotency.ts';
import { checkScopes, consume, consumeQuota, type RequestParts, validateParts } from './steps.ts';

/** What the pipeline is built from, once. */
export interface PipelineDeps {
  authenticator: Authenticator;
  rateLimits: RateLimits;
  observer: Observer;
  /** Counts the requests each API key makes, by outcome. */
  usage: UsageTracker;
  idempotency: Idempotency;
  handlers: Readonly<Record<string, OperationHandler>>;
  operationDeps: OperationDeps;
}

/** An operation's input before validation: path parameters, query values and body. */
export interface RawInput {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
  /** The body's text as sent, when the adapter has it. */
  rawBody?: string | undefined;
}

/** Where a call comes from: an HTTP request, or an MCP tool call inside an authenticated request. */
export interface CallSource {
  /** The request's headers: its credential, and the operation's header parameters. */
  headers: RequestHeaders;
  /**
   * The acting caller of a tool call, authenticated and counted against its quota with the MCP
   * request that carries it; absent, the credential in `headers` is authenticated.
   */
  actingCaller?: Caller | undefined;
  /** The client's address, for counting failed authentications; absent for a tool call. */
  clientAddress?(): string;
  /** The input, read once the caller may send it (a request's body is read only now). */
  input(route: Route): Promise<RawInput>;
  /** The `Idempotency-Key` sent, if any. */
  idempotencyKey: string | undefined;
  /** Awaited just before the operation runs: the mocks' forced latency. */
  pause?: (() => Promise<void>) | undefined;
}

/** How a call ended: the operation's result, an error, or (`x-handled-by`) a protocol's turn to answer. */
export type Outcome =
  | { kind: 'result'; result: unknown; headers: HeaderList }
  | { kind: 'error'; error: unknown; headers: HeaderList }
  | { kind: 'handled-by'; caller: Caller; headers: HeaderList };

/**
 * Runs one call of an operation through the service's steps, in the one order they have:
 * authenticate (failures counted per client address) → scopes (403, no quota spent) → quota →
 * [a protocol of its own takes over here: MCP] → input (the body is read only now) → validation →
 * idempotency (replay, conflict, claim) → the operation. Authentication comes before validation
 * so that strangers learn nothing of the API. A deprecated operation's headers come first; those of
 * a deprecated parameter or body property once the input shows it was sent. Never throws: every ending is an {@link Outcome},
 * with the answer's headers gathered in `headers` (environment, quota, replay).
 */
export async function runPipeline(
  route: Route,
  source: CallSource,
  deps: PipelineDeps,
  headers: HeaderList = new HeaderList(),
): Promise<Outcome> {
  const seen: { caller?: Caller } = {};
  const outcome = await runSteps(route, source, deps, headers, seen);
  // A request an API key made counts towards its usage, whatever the answer; a tool call runs
  // inside a request already counted.
  if (seen.caller?.kind === 'apiKey' && !source.actingCaller) {
    const status = outcome.kind === 'error' ? statusOf(outcome.error) : 200;
    const userAgent = source.headers['user-agent'];
    deps.usage.count(
      seen.caller.keyId,
      status,
      deps.operationDeps.clock().getTime(),
      source.clientAddress?.() ?? '',
      typeof userAgent === 'string' ? userAgent : undefined,
    );
  }
  return outcome;
}

/** The status an error answers with: an `ApiError`'s own, else 500. */
function statusOf(error: unknown): number {
  return error instanceof ApiError ? error.status : 500;
}

async function runSteps(
  route: Route,
  source: CallSource,
  deps: PipelineDeps,
  headers: HeaderList,
  seen: { caller?: Caller },
): Promise<Outcome> {
  const { info } = route;
  // A deprecated operation says so on every answer, its refusals included.
  if (info.deprecations.operation) headers.setAll(info.deprecations.operation);
  try {
    const caller = source.actingCaller ?? (await authenticate(route, source, deps));
    seen.caller = caller;
    checkScopes(info, caller, headers);
    if (!source.actingCaller) await consumeQuota(deps.rateLimits, info, caller, headers);
    if (info.handledBy !== undefined) return { kind: 'handled-by', caller, headers };

    const { params, query, body, rawBody } = await source.input(route);
    const requestHeaders = source.headers;
    const parts: RequestParts = {
      path: params,
      query,
      header: requestHeaders as Record<string, unknown>,
      cookie: {},
    };
    if (body !== undefined) parts.requestBody = body;
    validateParts(route, parts);
    const deprecated = deprecationHeadersFor(info.deprecations, query, requestHeaders, body);
    if (deprecated) headers.setAll(deprecated);
    const input: OperationInput = {
      params,
      query: parts.query,
      headers: requestHeaders,
      body,
      caller,
      requestId: headers.get('X-Request-Id'),
      rawBody,
    };
    const handler = deps.handlers[info.operationId] as OperationHandler;
    const key = info.idempotent ? source.idempotencyKey : undefined;
    if (!key || (caller.kind !== 'apiKey' && caller.kind !== 'idToken')) {
      if (source.pause) await source.pause();
      return { kind: 'result', result: await handler(input, deps.operationDeps), headers };
    }
    const environment = caller.kind === 'apiKey' ? caller.environment : undefined;
    const scope = idempotencyScope(caller.ownerId, environment, info.operationId);
    // The path names what the request acts on (the key a roll replaces): the same body sent to
    // another path is another request. Without path parameters, the body alone, as always.
    const hash = await requestHash(
      Object.keys(params).length === 0 ? body : { path: params, body: body ?? null },
    );
    const idempotentInput = { ...input, idempotency: { scope, key, requestHash: hash } };
    const started = await deps.idempotency.begin(scope, key, hash);
    if (source.pause) await source.pause();
    if ('replay' in started) {
      const replayed = handler.replay
        ? await handler.replay(started.replay, idempotentInput, deps.operationDeps)
        : started.replay.body;
      headers.set('Idempotent-Replayed', 'true');
      deps.observer.replayed(info.operationId);
      return { kind: 'result', result: replayed, headers };
    }
    try {
      return { kind: 'result', result: await handler(idempotentInput, deps.operationDeps), headers };
    } finally {
      started.release();
    }
  } catch (error) {
    return { kind: 'error', error, headers };
  }
}

/**
 * The caller; a failed authentication counts against the client address, so keys cannot be
 * guessed at speed. Every authentication (none for an anonymous operation) is reported with its
 * outcome.
 */
async function authenticate(route: Route, source: CallSource, deps: PipelineDeps): Promise<Caller> {
  const { credential } = route.info;
  const ended = credential === 'none' ? undefined : deps.observer.authenticating(credential);
  try {
    const caller = await deps.authenticator.authenticate(source.headers, credential);
    ended?.('success');
    return caller;
  } catch (error) {
    ended?.(error instanceof ApiError ? error.code : 'internal_error');
    if (error instanceof ApiError && error.status === 401 && source.clientAddress) {
      await consume(deps.rateLimits, 'auth-failures', source.clientAddress());
    }
    throw error;
  }
}
