// Rules every transport and host of the delivery engine shares (the server's and the mocks').

/** An answer to an attempt longer than this fails it with `response_too_large`: its body is never needed. */
export const WEBHOOK_RESPONSE_LIMIT_BYTES = 64 * 1024;

/** Whether an answered request may have queued deliveries: a write that succeeded, worth a nudge. */
export function mayHaveQueuedDeliveries(method: string, status: number): boolean {
  return method !== 'GET' && method !== 'HEAD' && status >= 200 && status < 300;
}
