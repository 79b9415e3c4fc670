// Test support for the delivery engine: due jobs as a store hands them out, and a harness that
// records what the engine sends and writes.
import type { WebhookAttemptOutcome, WebhookDeliveryRecord, WebhookJob } from '../core/index.ts';
import type { AccountEventType } from '../domain/event-types.ts';
import type { WebhookSendResult } from './attempt-outcome.ts';
import type { WebhookDispatcherOptions } from './create-webhook-dispatcher.ts';
import type { WebhookPost } from './webhook-request.ts';

export const SECRET = `whsec_${btoa('0123456789abcdef01234567')}`;
export const OLD_SECRET = `whsec_${btoa('old-secret-old-secret-ol')}`;
const created = '2026-11-29T00:00:00.000Z';

/** A delivery due at once, never attempted, of `eventId` to `endpointId` (owner `owner`). */
export function pendingDelivery(
  ids: { id: string; endpointId: string; eventId: string },
  eventType: AccountEventType = 'course.created',
): Omit<WebhookDeliveryRecord, 'seq'> {
  return {
    ...ids,
    ownerId: 'owner',
    eventType,
    status: 'pending',
    attempts: 0,
    createdAt: created,
    lastAttemptAt: null,
    responseStatus: null,
    durationMs: null,
    error: null,
    nextAttemptAt: created,
    leaseUntil: null,
  };
}

export function job(
  overrides: { attempts?: number; lastSuccessAt?: string | null; previousSecretExpiresAt?: string } = {},
): WebhookJob {
  const payload = JSON.stringify({
    id: 'evt_1',
    type: 'course.created',
    timestamp: created,
    environment: 'prod',
    data: {},
  });
  return {
    payload,
    delivery: {
      ...pendingDelivery({
        id: `dlv_${Math.random().toString(36).slice(2)}`,
        endpointId: 'we_1',
        eventId: 'evt_1',
      }),
      attempts: overrides.attempts ?? 0,
      seq: 1,
    },
    endpoint: {
      id: 'we_1',
      ownerId: 'owner',
      environment: 'prod',
      url: 'https://hooks.example.com/in',
      description: '',
      eventTypes: ['*'],
      enabled: true,
      disabledReason: null,
      secret: SECRET,
      previousSecret: overrides.previousSecretExpiresAt ? OLD_SECRET : null,
      previousSecretExpiresAt: overrides.previousSecretExpiresAt ?? null,
      lastSuccessAt: overrides.lastSuccessAt ?? null,
      createdAt: created,
      updatedAt: created,
      seq: 1,
    },
  };
}

/** A store of due jobs that records outcomes, and a transport that records requests and answers `answer`. */
export function harness(
  jobs: WebhookJob[],
  answer: (post: WebhookPost) => Promise<WebhookSendResult> | WebhookSendResult,
) {
  const outcomes: WebhookAttemptOutcome[] = [];
  const requests: WebhookPost[] = [];
  const verdicts: string[] = [];
  const warnings: string[] = [];
  const now = new Date('2026-11-29T00:00:10.000Z');
  const options: WebhookDispatcherOptions = {
    store: {
      claimWebhookDeliveries: async ({ limit }) => jobs.splice(0, limit),
      completeWebhookAttempts: async (batch) => {
        outcomes.push(...batch);
      },
    },
    send: async (post) => {
      requests.push(post);
      return answer(post);
    },
    clock: () => now,
    schedule: [5, 300],
    leaseMs: 60_000,
    batchSize: 4,
    userAgent: 'course-service-webhooks/test',
    observer: { attempted: (verdict) => verdicts.push(verdict) },
    log: { warn: (_details, message) => warnings.push(message) },
  };
  return { options, outcomes, requests, verdicts, warnings, now };
}
