import { ApiError } from './model/api-error.ts';
import type { CallResult, CoreLog, OperationCall, Protocol, RequestHeaders } from './model/ports.ts';
import { type Answer, answerOf, answerOfResponse, routed } from './pipeline/answer.ts';
import { HeaderList } from './pipeline/header-list.ts';
import type { IncomingRequest } from './pipeline/incoming-request.ts';
import { parseQuery } from './pipeline/parse-query.ts';
import { readJsonBodyText } from './pipeline/read-json-body.ts';
import { type CallSource, type PipelineDeps, type RawInput, runPipeline } from './pipeline/run-pipeline.ts';
import { problemAnswer } from './problem.ts';
import type { OperationRouter, Route } from './spec/operation-router.ts';

/** What the HTTP entry is built from. */
export interface RequestHandlerDeps {
  router: OperationRouter;
  pipeline: PipelineDeps;
  bodyLimitBytes: number;
  /** Protocols that answer `x-handled-by` operations themselves, by name (`mcp`). */
  protocols: Readonly<Record<string, Protocol>>;
  log?: CoreLog | undefined;
  /** Given to protocols, whose requests carry calls of operations (MCP tools). */
  callOperation(operationId: string, call: OperationCall): Promise<CallResult>;
}

/** The call a request makes: its credential and headers, its body read on demand. */
class HttpCall implements CallSource {
  readonly headers: RequestHeaders;
  readonly idempotencyKey: string | undefined;
  readonly pause: (() => Promise<void>) | undefined;

  constructor(
    private readonly request: IncomingRequest,
    private readonly params: Record<string, string>,
    private readonly bodyLimit: number,
  ) {
    this.headers = request.headers;
    const key = request.headers['idempotency-key'];
    this.idempotencyKey = typeof key === 'string' && key !== '' ? key : undefined;
    this.pause = request.pause;
  }

  clientAddress(): string {
    return this.request.clientAddress();
  }

  async input(route: Route): Promise<RawInput> {
    const read = route.info.hasBody ? await readJsonBodyText(this.request, this.bodyLimit) : undefined;
    // A fresh object: validation coerces query values and applies defaults in place.
    return {
      params: this.params,
      query: parseQuery(this.request.query),
      body: read?.value,
      rawBody: read?.text,
    };
  }
}

function notRouted(request: IncomingRequest, router: OperationRouter, instance: string): never {
  const allowed = router.allowedMethods(request.path);
  if (!allowed)
    throw new ApiError('not_found', `No endpoint at '${instance}'. The API is described at /api/openapi.`);
  throw new ApiError(
    'method_not_allowed',
    `${request.method} is not allowed on '${instance}'; use ${allowed.join(', ')}.`,
    {
      headers: { Allow: allowed.join(', ') },
    },
  );
}

/**
 * Creates the service's HTTP entry: a request's parts in, its answer out, for any transport.
 * Routes by the spec alone (404, 405 with `Allow`; `HEAD` runs the path's `GET`): what else an
 * adapter serves (development routes, a protocol's CORS, preflights, `Origin` checks and
 * challenges) is the adapter's, in front of this entry. Runs the pipeline, and
 * renders what it gives: the operation's answer, a problem (with the headers the steps had
 * gathered), or the answer of the protocol that serves the operation. Every answer carries
 * `X-Request-Id`. A `HEAD` answer keeps its body, so the adapter can send the length a `GET` would
 * get; adapters send the headers alone. Every answer names the route that gave it, if any. Never
 * throws.
 */
export function createRequestHandler(
  deps: RequestHandlerDeps,
): (request: IncomingRequest) => Promise<Answer> {
  const { router, pipeline, bodyLimitBytes, protocols, log, callOperation } = deps;

  return async function handle(request) {
    const instance = request.base ? request.base + request.path : request.path;
    const headers = new HeaderList(['X-Request-Id', request.requestId]);
    let template: string | undefined;
    let operationId: string | undefined;
    try {
      const matched = router.match(request.method, request.path);
      if (!matched) notRouted(request, router, instance);
      const { route, params } = matched;
      template = route.info.path;
      operationId = route.info.operationId;
      const outcome = await runPipeline(
        route,
        new HttpCall(request, params, bodyLimitBytes),
        pipeline,
        headers,
      );
      if (outcome.kind === 'error') throw outcome.error;
      if (outcome.kind === 'result') {
        const ifNoneMatch = request.headers['if-none-match'];
        const answer = answerOf(
          outcome.result,
          route.info,
          instance,
          typeof ifNoneMatch === 'string' ? ifNoneMatch : undefined,
          headers,
        );
        return routed(answer, template, operationId);
      }
      const protocol = protocols[route.info.handledBy as string];
      if (!protocol) throw new Error(`no protocol serves '${route.info.handledBy}'`);
      if (request.pause) await request.pause();
      const context = { caller: outcome.caller, requestId: request.requestId, callOperation };
      const response = await protocol.answer(request.webRequest(), context);
      return routed(answerOfResponse(response, headers), template, operationId);
    } catch (error) {
      // A client's mistake is theirs, and an outage is logged once by what met it, not per request.
      if (!(error instanceof ApiError) || error.code === 'internal_error') {
        log?.error(
          {
            err: error instanceof ApiError ? (error.options.cause ?? error) : error,
            requestId: request.requestId,
          },
          'request failed',
        );
      }
      return routed(problemAnswer(error, instance, request.requestId, headers), template, operationId);
    }
  };
}
