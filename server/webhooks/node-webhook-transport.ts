// The server's transport for webhook attempts (`send` of the delivery engine): one POST over
// node:http(s), pinned to a checked address, with a deadline for the whole exchange, no redirects
// followed and the answer read up to a cap. It never throws: every failure is an attempt error.
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { WebhookSend, WebhookSendResult } from '@course-service/runtime/webhooks';
import { WEBHOOK_RESPONSE_LIMIT_BYTES } from '@course-service/runtime/webhooks';
import { pinAddress, pinnedLookup, type ResolveHost } from './pinned-address.ts';

/** What the transport is configured with. */
export interface NodeWebhookTransportOptions {
  /** The deadline of one attempt, from the DNS lookup to the answer's last byte. */
  timeoutMs: number;
  /** Allows http URLs and private, loopback and shared addresses (development and tests). */
  allowPrivate: boolean;
  /** @default `node:dns` lookup of every address */
  resolve?: ResolveHost | undefined;
  /** Answers longer than this fail with `response_too_large`. @default {@link WEBHOOK_RESPONSE_LIMIT_BYTES} */
  responseLimitBytes?: number | undefined;
  /** Told why an attempt was refused or failed without an answer (the delivery records only the error code). */
  onFailure?: ((details: { url: string; reason: string }) => void) | undefined;
}

/**
 * Builds the `send` of the server's delivery engine.
 *
 * @example const send = nodeWebhookTransport({ timeoutMs: 15_000, allowPrivate: false });
 */
export function nodeWebhookTransport(options: NodeWebhookTransportOptions): WebhookSend {
  const limit = options.responseLimitBytes ?? WEBHOOK_RESPONSE_LIMIT_BYTES;
  // Connections kept open between attempts to the same host and port: a socket is reused only
  // after it connected to an address checked then, and each attempt still checks the host first.
  const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };
  return async (post) => {
    const began = performance.now();
    const elapsed = () => performance.now() - began;
    let reported = false;
    const fail = (error: NonNullable<WebhookSendResult['error']>, reason: string, status?: number) => {
      // Once: a destroyed answer can raise a second error after the one that ended the attempt.
      if (!reported) options.onFailure?.({ url: post.url, reason });
      reported = true;
      return { error, durationMs: elapsed(), ...(status !== undefined && { status }) };
    };
    const url = new URL(post.url);
    const secure = url.protocol === 'https:';
    if (!secure && !(options.allowPrivate && url.protocol === 'http:'))
      return fail('address_refused', `${url.protocol} URLs are refused`);
    // One deadline for the whole exchange, from the lookup to the answer's last byte.
    let timedOut = false;
    let onTimeout = () => {
      timedOut = true;
    };
    const deadline = setTimeout(() => onTimeout(), options.timeoutMs);
    try {
      const pinned = await Promise.race([
        pinAddress(url.hostname, { allowPrivate: options.allowPrivate, resolve: options.resolve }),
        new Promise<undefined>((resolve) => {
          onTimeout = () => {
            timedOut = true;
            resolve(undefined);
          };
        }),
      ]);
      if (!pinned) return fail('timeout', 'the host name did not resolve in time');
      if ('refused' in pinned) return fail(pinned.refused, pinned.reason);
      const body = Buffer.from(post.body);
      let answered: number | undefined;
      return await new Promise<WebhookSendResult>((resolve) => {
        const outgoing = (secure ? httpsRequest : httpRequest)(
          url,
          {
            method: 'POST',
            headers: { ...post.headers, 'content-length': String(body.length) },
            lookup: pinnedLookup(pinned),
            agent: secure ? agents.https : agents.http,
          },
          (response) => {
            answered = response.statusCode;
            readAnswer(response, limit, { fail, elapsed, timedOut: () => timedOut }).then(resolve);
          },
        );
        onTimeout = () => {
          timedOut = true;
          outgoing.destroy(new Error('timed out'));
        };
        outgoing.on('error', (err) =>
          resolve(
            timedOut
              ? fail('timeout', `no whole answer within ${options.timeoutMs} ms`, answered)
              : fail('connection_failed', err.message, answered),
          ),
        );
        outgoing.end(body);
      });
    } finally {
      clearTimeout(deadline);
    }
  };
}

/** What reading an answer reports through: the attempt's failure, its clock and its deadline. */
interface AnswerContext {
  fail(error: NonNullable<WebhookSendResult['error']>, reason: string, status?: number): WebhookSendResult;
  elapsed(): number;
  timedOut(): boolean;
}

/** Reads the answer up to `cap` bytes; a 3xx is never followed. */
function readAnswer(
  response: IncomingMessage,
  cap: number,
  attempt: AnswerContext,
): Promise<WebhookSendResult> {
  const status = response.statusCode ?? 0;
  const { fail } = attempt;
  if (status >= 300 && status < 400) {
    response.destroy();
    return Promise.resolve(fail('redirect', `answered ${status}`, status));
  }
  return new Promise((done) => {
    let read = 0;
    response.on('data', (chunk: Buffer) => {
      if (read > cap) return;
      read += chunk.length;
      if (read > cap) {
        response.destroy();
        done(fail('response_too_large', `answered more than ${cap} bytes`, status));
      }
    });
    response.on('end', () => done({ status, durationMs: attempt.elapsed() }));
    // Closed without its last byte, and not by the cap.
    response.on('close', () => {
      if (response.complete || read > cap) return;
      done(
        attempt.timedOut()
          ? fail('timeout', 'the answer did not end within the deadline', status)
          : fail('connection_failed', 'the answer was cut off', status),
      );
    });
  });
}
