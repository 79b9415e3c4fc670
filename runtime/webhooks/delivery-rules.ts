// Rules every transport and host of the delivery engine shares (the server's and the mocks').

/** Deliveries in flight at once, per instance (the mocks too, as one instance). */
export const WEBHOOK_DELIVERIES_IN_FLIGHT = 16;

/** The deadline of one attempt, from the lookup to the answer's last byte, unless configured otherwise. */
export const DEFAULT_WEBHOOK_TIMEOUT_MS = 15_000;

/**
 * How long a claim holds a delivery: twice the attempt's deadline and a few seconds for the
 * outcome's write, so no other instance claims it while it runs; after a crash, the delivery
 * waits that long before another attempt (PostgreSQL; the embedded stores free leases on start).
 */
export const webhookLeaseMs = (timeoutMs: number): number => 2 * timeoutMs + 5_000;

/** An answer to an attempt longer than this fails it with `response_too_large`: its body is never needed. */
export const WEBHOOK_RESPONSE_LIMIT_BYTES = 64 * 1024;

/** Whether an answered request may have queued deliveries: a write that succeeded, worth a nudge. */
export function mayHaveQueuedDeliveries(method: string, status: number): boolean {
  return method !== 'GET' && method !== 'HEAD' && status >= 200 && status < 300;
}
