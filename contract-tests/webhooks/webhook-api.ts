import type { Contract, RawReply } from '../contract.ts';

/** The spec's example URL: what a target that supplies none is sent (the mocks resolve no host). */
const EXAMPLE_WEBHOOK_URL = 'https://lms.example.com/hooks/courses';

/** The events and webhook operations, as raw calls with one API key (the SDK's helpers are not the subject). */
export interface WebhookApi {
  /** A URL the target accepts: a new one on the suite's receiver when there is one. */
  url(label?: string): string;
  call(path: string, init?: RequestInit & { json?: unknown }): Promise<RawReply>;
  /** `POST /api/v1/webhook-endpoints`; expects 201 and returns the endpoint with its secret. */
  createEndpoint(
    body?: Record<string, unknown>,
  ): Promise<Record<string, unknown> & { id: string; secret: string }>;
  /** Every event of the key's environment after `cursor`, page by page (`limit` a page), and the last cursor. */
  feed(options?: {
    cursor?: string;
    limit?: number;
    type?: string;
  }): Promise<{ events: Event[]; cursor: string }>;
}

/** An event as the feed and the webhooks carry it. */
export interface Event {
  id: string;
  type: string;
  timestamp: string;
  environment: string;
  data: Record<string, unknown> & { id?: string; endpointId?: string };
}

const MAX_PAGES = 100;

/**
 * Raw calls on the events and webhook operations with `key`; answers go through the contract's
 * validating fetch like any other.
 *
 * @example const api = webhookApi(c, key); const endpoint = await api.createEndpoint();
 */
export function webhookApi(c: Contract, key: string): WebhookApi {
  const call: WebhookApi['call'] = (path, init = {}) =>
    c.call(path, { ...init, headers: { Authorization: `Bearer ${key}`, ...(init.headers as object) } });
  const url = (label = 'endpoint') =>
    c.target.webhookReceiver?.newUrl(label) ?? c.target.webhookUrl ?? EXAMPLE_WEBHOOK_URL;
  return {
    url,
    call,
    async createEndpoint(body = {}) {
      const reply = await call('/api/v1/webhook-endpoints', {
        method: 'POST',
        json: { url: url(), ...body },
      });
      if (reply.status !== 201)
        throw new Error(
          `POST /api/v1/webhook-endpoints answered ${reply.status}: ${JSON.stringify(reply.body)}`,
        );
      return reply.body;
    },
    async feed({ cursor, limit = 2, type } = {}) {
      const events: Event[] = [];
      let at = cursor;
      for (let page = 0; page < MAX_PAGES; page++) {
        const query = new URLSearchParams({
          limit: String(limit),
          ...(at ? { cursor: at } : {}),
          ...(type ? { type } : {}),
        });
        const reply = await call(`/api/v1/events?${query}`);
        if (reply.status !== 200) throw new Error(`GET /api/v1/events?${query} answered ${reply.status}`);
        events.push(...reply.body.data);
        at = reply.body.nextCursor;
        if (!reply.body.hasMore) return { events, cursor: at as string };
      }
      throw new Error(`the events feed still had more after ${MAX_PAGES} pages`);
    },
  };
}
