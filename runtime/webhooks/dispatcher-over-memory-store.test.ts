import { describe, expect, it } from 'vitest';
import { newEventId, newWebhookDeliveryId, newWebhookEndpointId } from '../domain/ids.ts';
import { createMemoryStore } from '../embedded-store/memory-store.ts';
import type { WebhookSendResult } from './attempt-outcome.ts';
import { createWebhookDispatcher } from './create-webhook-dispatcher.ts';
import { pendingDelivery } from './dispatcher-harness.fixture.ts';

// The engine over a real store (the mocks' memory store): claims, outcomes and endpoint changes as
// the store records them.
const created = '2026-11-29T00:00:00.000Z';
const owner = { ownerId: 'owner', environment: 'prod' as const };

async function setUp(answers: WebhookSendResult[]) {
  const store = createMemoryStore();
  const endpoint = await store.insertWebhookEndpoint({
    ...owner,
    id: newWebhookEndpointId(),
    url: 'https://hooks.example.com/in',
    description: '',
    eventTypes: ['*'],
    enabled: true,
    disabledReason: null,
    secret: `whsec_${btoa('0123456789abcdef01234567')}`,
    previousSecret: null,
    previousSecretExpiresAt: null,
    lastSuccessAt: null,
    createdAt: created,
    updatedAt: created,
  });
  const eventId = newEventId();
  const delivery = await store.queueWebhookDelivery({
    event: {
      ...owner,
      id: eventId,
      type: 'webhook.test',
      createdAt: created,
      payload: `{"id":"${eventId}"}`,
    },
    delivery: pendingDelivery(
      { id: newWebhookDeliveryId(), endpointId: endpoint.id, eventId },
      'webhook.test',
    ),
  });
  let now = Date.parse('2026-11-29T00:00:01.000Z');
  const bodies: string[] = [];
  const dispatcher = createWebhookDispatcher({
    store,
    send: async (post) => {
      bodies.push(post.body);
      return answers.shift() ?? { status: 200, durationMs: 1 };
    },
    clock: () => new Date(now),
    schedule: [5],
    leaseMs: 60_000,
    batchSize: 8,
    userAgent: 'test',
  });
  return {
    store,
    dispatcher,
    bodies,
    advance: (ms: number) => {
      now += ms;
    },
    read: async () => ({
      delivery: await store.getWebhookDelivery(owner.ownerId, endpoint.id, delivery.id),
      endpoint: await store.getWebhookEndpoint(owner, endpoint.id),
    }),
  };
}

describe('the dispatcher over the memory store', () => {
  it('retries after the schedule, then records the success and the endpoint last success', async () => {
    const { dispatcher, bodies, advance, read } = await setUp([{ status: 500, durationMs: 2 }]);
    expect(await dispatcher.runOnce()).toBe(1);
    expect((await read()).delivery).toMatchObject({
      status: 'pending',
      attempts: 1,
      responseStatus: 500,
      leaseUntil: null,
    });
    // Not due before the wait is over, and claimed again once it is.
    advance(4_000);
    expect(await dispatcher.runOnce()).toBe(0);
    advance(2_000);
    expect(await dispatcher.runOnce()).toBe(1);
    const { delivery, endpoint } = await read();
    expect(delivery).toMatchObject({
      status: 'succeeded',
      attempts: 2,
      responseStatus: 200,
      nextAttemptAt: null,
    });
    expect(endpoint?.lastSuccessAt).toBe(delivery?.lastAttemptAt);
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).toBe(bodies[1]);
  });

  it('disables the endpoint after the last attempt failed, and sends nothing more', async () => {
    const { dispatcher, advance, read } = await setUp([
      { error: 'timeout', durationMs: 15_000 },
      { error: 'connection_failed', durationMs: 3 },
    ]);
    await dispatcher.runOnce();
    advance(6_000);
    await dispatcher.runOnce();
    const { delivery, endpoint } = await read();
    expect(delivery).toMatchObject({
      status: 'failed',
      attempts: 2,
      error: 'connection_failed',
      nextAttemptAt: null,
    });
    expect(endpoint).toMatchObject({ enabled: false, disabledReason: 'retries_exhausted' });
    advance(60_000);
    expect(await dispatcher.runOnce()).toBe(0);
  });
});
