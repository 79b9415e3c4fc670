// The `webhooks` option of the mocks: who receives deliveries, and the retry schedule.
import {
  DEFAULT_WEBHOOK_RETRY_SCHEDULE,
  parseWebhookRetrySchedule,
} from '@course-service/runtime/domain/webhook-schedule';

/**
 * Your application's receiver of webhook deliveries: a Fetch `Request` in, a `Response` out, as a
 * Next.js, Hono or Remix route handler is.
 *
 * @example const receiver: WebhookReceiver = async (request) => new Response(null, { status: 204 });
 */
export type WebhookReceiver = (request: Request) => Response | Promise<Response>;

/**
 * Deliveries of webhooks to your application, signed as the service signs them.
 *
 * @example createCourseServiceMock({ baseUrl, webhooks: { deliver: { 'https://app.example/hooks': POST } } })
 */
export interface MockWebhookOptions {
  /**
   * Who receives the deliveries: one receiver for every endpoint; or receivers by endpoint URL
   * (the URL registered through the API), every other endpoint's deliveries going to `fetch`, where
   * msw or a server of yours answers them.
   */
  deliver: WebhookReceiver | Readonly<Record<string, WebhookReceiver>>;
  /**
   * The waits after each failed attempt, in seconds by the mock's clock, one per retry.
   * @default the service's: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h
   */
  retrySchedule?: readonly number[] | undefined;
  /** How often, in milliseconds of real time, the mock looks for retries that have come due. @default 1000 */
  pollMs?: number | undefined;
}

/** The webhook options with every default filled in. */
export interface ResolvedWebhookOptions {
  receiverFor: (url: string) => WebhookReceiver;
  retrySchedule: readonly number[];
  pollMs: number;
}

/**
 * Checks the `webhooks` option and fills in its defaults; a `TypeError` names what is wrong.
 *
 * @example resolveWebhooks({ deliver: () => new Response() }).retrySchedule // [5, 300, …]
 */
export function resolveWebhooks(options: MockWebhookOptions): ResolvedWebhookOptions {
  const schedule = options.retrySchedule ?? DEFAULT_WEBHOOK_RETRY_SCHEDULE;
  const parsed = Array.isArray(schedule) ? parseWebhookRetrySchedule(schedule.join(',')) : 'not an array';
  if (typeof parsed === 'string') throw new TypeError(`webhooks.retrySchedule: ${parsed}.`);
  const pollMs = options.pollMs ?? 1000;
  if (!Number.isFinite(pollMs) || pollMs < 1)
    throw new TypeError(`webhooks.pollMs must be a number of milliseconds, at least 1, got ${pollMs}.`);
  return { receiverFor: receivers(options.deliver), retrySchedule: parsed, pollMs };
}

/** The receiver of each endpoint URL: the one given for it, or `fetch`. */
function receivers(deliver: MockWebhookOptions['deliver']): (url: string) => WebhookReceiver {
  if (typeof deliver === 'function') return () => deliver;
  if (typeof deliver !== 'object' || deliver === null)
    throw new TypeError('webhooks.deliver must be a function (Request → Response) or receivers by URL.');
  const byUrl = new Map<string, WebhookReceiver>();
  for (const [url, receiver] of Object.entries(deliver)) {
    if (!URL.canParse(url) || typeof receiver !== 'function')
      throw new TypeError(`webhooks.deliver: '${url}' must be an absolute URL mapped to a function.`);
    byUrl.set(new URL(url).href, receiver);
  }
  const send: WebhookReceiver = (request) => fetch(request);
  return (url) => byUrl.get(new URL(url).href) ?? send;
}
