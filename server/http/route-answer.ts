import { type Answer, ApiError, problemAnswer } from '@course-service/runtime';
import type { Context } from 'koa';
import type { Logger } from 'pino';
import { putAnswer, type ServiceState } from './service-middleware.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * A `200` with `value` as its JSON body and the request id; `no-store` for an answer that holds
 * something minted for this request alone.
 *
 * @example jsonAnswer({ keys: [] }, requestId)
 */
export function jsonAnswer(value: unknown, requestId: string, cache?: 'no-store'): Answer {
  const headers = ['X-Request-Id', requestId, 'Content-Type', JSON_TYPE];
  if (cache) headers.push('Cache-Control', cache);
  return { status: 200, headers, body: JSON.stringify(value) };
}

/**
 * Answers a development route with what `produce` returns, named for metrics and traces by the
 * request's path. As the core does: a client's mistake is its problem, a bug is logged and
 * answered `500`.
 *
 * @example await answerRoute(ctx, logger, async (requestId) => jsonAnswer(await jwks(), requestId));
 */
export async function answerRoute(
  ctx: Context,
  logger: Logger,
  produce: (requestId: string) => Promise<Answer>,
): Promise<void> {
  const { path } = ctx;
  const { requestId } = ctx.state as ServiceState;
  let answer: Answer;
  try {
    answer = await produce(requestId);
  } catch (error) {
    if (!(error instanceof ApiError) || error.code === 'internal_error') {
      const err = error instanceof ApiError ? (error.options.cause ?? error) : error;
      logger.error({ err, requestId }, 'request failed');
    }
    answer = problemAnswer(error, path, requestId);
  }
  answer.route = path;
  putAnswer(ctx, answer);
}
