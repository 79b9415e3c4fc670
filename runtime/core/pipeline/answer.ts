import { ifNoneMatchHits } from '../../domain/etag.ts';
import { JsonText, Reply } from '../model/results.ts';
import type { OperationInfo } from '../spec/operation-table.ts';
import type { HeaderList } from './header-list.ts';

/** What the core answers a request with; each adapter writes it in its own transport's terms. */
export interface Answer {
  status: number;
  /** `[name, value, name, value, …]`. */
  headers: readonly string[];
  /** Text, a stream (a protocol answering for itself, e.g. MCP), or nothing. */
  body: string | ReadableStream<Uint8Array> | null;
  /**
   * What answered, for metrics and traces: the spec's path template, or the fixed path of an
   * adapter's own route; absent when no route matched (404, 405). Never a raw path.
   */
  route?: string | undefined;
  /** The spec operation that answered, when one did. */
  operationId?: string | undefined;
}

/** `answer`, marked with the route and operation that gave it. */
export function routed(answer: Answer, route: string | undefined, operationId: string | undefined): Answer {
  answer.route = route;
  answer.operationId = operationId;
  return answer;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * An operation's result as an answer: a {@link Reply} as it is; otherwise the success status, the
 * spec's fixed headers, `Location`, `ETag` and `304` for a matching `If-None-Match`, with the
 * headers the pipeline gathered in `headers`.
 */
export function answerOf(
  result: unknown,
  info: OperationInfo,
  path: string,
  ifNoneMatch: string | undefined,
  headers: HeaderList,
): Answer {
  if (result instanceof Reply) return replyAnswer(result, headers);
  headers.setAll(info.fixedHeaders);
  if (info.setsLocation)
    headers.set('Location', `${path.replace(/\/$/, '')}/${(result as { id: string }).id}`);
  let status = info.successStatus;
  let body: string | null = null;
  if (result instanceof JsonText && result.etag !== undefined) {
    headers.set('ETag', result.etag);
    // A conditional read that still matches: the client's copy is current, so no body.
    if (ifNoneMatchHits(ifNoneMatch, result.etag)) status = 304;
  }
  if (status !== 304 && result !== undefined) {
    headers.set('Content-Type', JSON_TYPE);
    body = result instanceof JsonText ? result.text : JSON.stringify(result);
  }
  return { status, headers: headers.flat(), body };
}

/** An answer with a status and headers of its own (e.g. `getOpenApiDocument`'s 304, `getHealth`'s 503). */
function replyAnswer(reply: Reply, headers: HeaderList): Answer {
  headers.setAll(reply.headers);
  let body: string | null;
  if (reply.body === undefined || typeof reply.body === 'string') {
    body = reply.body ?? null;
  } else {
    headers.set('Content-Type', JSON_TYPE);
    body = JSON.stringify(reply.body);
  }
  return { status: reply.status, headers: headers.flat(), body };
}

/** A Web `Response` (from a protocol answering for itself) as an answer, after `headers`. */
export function answerOfResponse(response: Response, headers: HeaderList): Answer {
  response.headers.forEach((value, name) => {
    headers.set(name, value);
  });
  return { status: response.status, headers: headers.flat(), body: response.body };
}
