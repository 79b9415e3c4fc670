// The mocks' transport for webhook attempts (`send` of the delivery engine): the signed request is
// handed to the application's receiver, in process, and its answer judged as the server judges an
// answer over the network: a 3xx is never followed, a body past the cap fails, no answer within
// the deadline times out. It never throws: a receiver that throws is a connection that failed.

import type { WebhookSend, WebhookSendResult } from '@course-service/runtime/webhooks';
import { DEFAULT_WEBHOOK_TIMEOUT_MS, WEBHOOK_RESPONSE_LIMIT_BYTES } from '@course-service/runtime/webhooks';
import type { WebhookReceiver } from './webhook-options.ts';

/**
 * Builds the `send` of the mocks' delivery engine: each request goes to `receiverFor(its URL)`.
 *
 * @example const send = receiverTransport(() => (request) => new Response(null, { status: 204 }));
 */
export function receiverTransport(receiverFor: (url: string) => WebhookReceiver): WebhookSend {
  return async (post) => {
    const began = performance.now();
    const elapsed = () => performance.now() - began;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<WebhookSendResult>((resolve) => {
      timer = setTimeout(
        () => resolve({ error: 'timeout', durationMs: elapsed() }),
        DEFAULT_WEBHOOK_TIMEOUT_MS,
      );
    });
    const attempt = async (): Promise<WebhookSendResult> => {
      try {
        const request = new Request(post.url, {
          method: 'POST',
          headers: post.headers,
          body: post.body,
          redirect: 'manual',
        });
        const answer: unknown = await receiverFor(post.url)(request);
        if (!isResponse(answer) || answer.status < 200)
          return { error: 'connection_failed', durationMs: elapsed() };
        const { status } = answer;
        if (status >= 300 && status < 400) {
          void answer.body?.cancel().catch(() => {});
          return { status, error: 'redirect', durationMs: elapsed() };
        }
        const tooLarge = await longerThan(answer, WEBHOOK_RESPONSE_LIMIT_BYTES);
        return { status, durationMs: elapsed(), ...(tooLarge && { error: 'response_too_large' as const }) };
      } catch {
        return { error: 'connection_failed', durationMs: elapsed() };
      }
    };
    try {
      return await Promise.race([attempt(), deadline]);
    } finally {
      clearTimeout(timer);
    }
  };
}

/** Reads the answer's body until its end or past `limit` bytes; true when it is longer. */
async function longerThan(answer: Response, limit: number): Promise<boolean> {
  if (!answer.body) return false;
  const reader = answer.body.getReader();
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return false;
    length += value.byteLength;
    if (length > limit) {
      // Not awaited: cancelling a body msw produced never settles (Node 20, msw 2).
      void reader.cancel().catch(() => {});
      return true;
    }
  }
}

/** A `Response`, also one made by another realm's or a polyfill's class (hence no `instanceof`). */
function isResponse(value: unknown): value is Response {
  return typeof value === 'object' && value !== null && typeof (value as Response).status === 'number';
}
