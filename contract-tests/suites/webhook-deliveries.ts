import { describe, expect, test } from 'vitest';
import type { Contract } from '../contract.ts';
import { coverage } from '../coverage.ts';
import { requires } from '../preflight.ts';
import { deliveryProblems } from '../webhooks/delivery-problems.ts';
import { makeEveryChange, newChangingOwner } from '../webhooks/every-change.ts';
import { webhookApi } from '../webhooks/webhook-api.ts';
import type { ReceivedDelivery, WebhookReceiver } from '../webhooks/webhook-receiver.ts';

const ENDPOINTS = '/api/v1/webhook-endpoints';

/** The deliveries by `webhook-id`, each id once (deliveries come at least once). */
const byEventId = (deliveries: ReceivedDelivery[]) =>
  new Map(deliveries.map((delivery) => [delivery.headers['webhook-id'] ?? '', delivery]));

/** Waits for deliveries to `url` carrying each of `eventIds`, and returns them all. */
function deliveriesOf(
  receiver: WebhookReceiver,
  url: string,
  eventIds: string[],
): Promise<ReceivedDelivery[]> {
  return receiver.waitFor(url, (deliveries) => {
    const arrived = byEventId(deliveries);
    return eventIds.every((id) => arrived.has(id));
  });
}

/**
 * What the suite's receiver gets from the target (where the target can reach it): each change's
 * event, signed as Standard Webhooks says, valid against the spec's `webhooks`, equal to the feed's;
 * test events and redeliveries; both secrets during a rotation.
 */
export function webhookDeliveriesSuite(c: Contract): void {
  const receiver = c.target.webhookReceiver;
  if (!receiver) {
    coverage.limitation('webhook deliveries', c.target.unsupported.webhookDelivery ?? 'no webhook receiver');
    return;
  }
  const problemsOf = deliveryProblems(c.spec.document);

  describe('webhook deliveries', () => {
    requires(c, 'webhookUrl');
    test('each change’s event arrives, signed, valid against its webhook, equal to the feed’s', async () => {
      const owner = await newChangingOwner(c);
      const api = webhookApi(c, owner.key);
      const url = receiver.newUrl('every-change');
      const endpoint = await api.createEndpoint({ url });
      const due = await makeEveryChange(c, owner);
      // The owner's first event (its key) came before the endpoint: the rest are the changes.
      const feed = (await api.feed({ limit: 100 })).events.slice(1);
      expect(feed.map((event) => event.type)).toEqual(due.map((event) => event.type));
      const arrived = byEventId(
        await deliveriesOf(
          receiver,
          url,
          feed.map((event) => event.id),
        ),
      );
      for (const event of feed) {
        const delivery = arrived.get(event.id);
        expect(delivery, `no delivery of ${event.type} ${event.id}`).toBeDefined();
        expect(problemsOf(delivery as ReceivedDelivery, [endpoint.secret])).toEqual([]);
        expect(JSON.parse(delivery?.body ?? 'null')).toEqual(event);
      }
      expect([...arrived.keys()].sort()).toEqual(feed.map((event) => event.id).sort());
    });

    test('an endpoint receives the types it subscribes to, and its log lists only those', async () => {
      const owner = await newChangingOwner(c);
      const api = webhookApi(c, owner.key);
      const url = receiver.newUrl('published-only');
      const endpoint = await api.createEndpoint({ url, eventTypes: ['course.published', 'api_key.revoked'] });
      await makeEveryChange(c, owner);
      const wanted = (await api.feed({ limit: 100 })).events.filter((event) =>
        ['course.published', 'api_key.revoked'].includes(event.type),
      );
      const log = await api.call(`${ENDPOINTS}/${endpoint.id}/deliveries`);
      expect(log.body.data.map((d: { eventId: string }) => d.eventId).sort()).toEqual(
        wanted.map((event) => event.id).sort(),
      );
      const arrived = await deliveriesOf(
        receiver,
        url,
        wanted.map((event) => event.id),
      );
      expect([...byEventId(arrived).keys()].sort()).toEqual(wanted.map((event) => event.id).sort());
    });

    test('a sandbox endpoint receives the sandbox’s events only, a production endpoint the production ones', async () => {
      const prod = await c.newKey();
      const sandbox = await c.newKey({ subject: prod.subject, environment: 'test' });
      const urls = { prod: receiver.newUrl('prod'), test: receiver.newUrl('sandbox') };
      const endpoints = {
        prod: await webhookApi(c, prod.key).createEndpoint({ url: urls.prod }),
        test: await webhookApi(c, sandbox.key).createEndpoint({ url: urls.test }),
      };
      const made = {
        prod: await prod.client.courses.create({ name: 'Production', description: '' }),
        test: await sandbox.client.courses.create({ name: 'Sandbox', description: '' }),
      };
      for (const [environment, key] of [
        ['prod', prod.key],
        ['test', sandbox.key],
      ] as const) {
        const api = webhookApi(c, key);
        const [event] = (await api.feed({ type: 'course.created' })).events;
        expect(event?.data.id).toBe(made[environment].id);
        const log = await api.call(`${ENDPOINTS}/${endpoints[environment].id}/deliveries`);
        expect(log.body.data.map((d: { eventId: string }) => d.eventId)).toEqual([event?.id]);
        const arrived = byEventId(await deliveriesOf(receiver, urls[environment], [event?.id ?? '']));
        expect([...arrived.values()].map((delivery) => JSON.parse(delivery.body).data.id)).toEqual([
          made[environment].id,
        ]);
      }
    });

    test('a test event arrives signed; its redelivery carries the same webhook-id', async () => {
      const api = webhookApi(c, (await c.newKey()).key);
      const url = receiver.newUrl('test-event');
      const endpoint = await api.createEndpoint({ url });
      const queued = (await api.call(`${ENDPOINTS}/${endpoint.id}/test`, { method: 'POST' })).body;
      const [first] = await deliveriesOf(receiver, url, [queued.eventId]);
      expect(problemsOf(first as ReceivedDelivery, [endpoint.secret])).toEqual([]);
      expect(JSON.parse(first?.body ?? 'null')).toMatchObject({
        type: 'webhook.test',
        data: { endpointId: endpoint.id },
      });
      const redelivery = await api.call(`${ENDPOINTS}/${endpoint.id}/deliveries/${queued.id}/redeliver`, {
        method: 'POST',
      });
      expect(redelivery.body.eventId).toBe(queued.eventId);
      const both = await receiver.waitFor(url, (deliveries) => deliveries.length >= 2);
      expect(both.map((delivery) => delivery.headers['webhook-id'])).toEqual([
        queued.eventId,
        queued.eventId,
      ]);
      expect(JSON.parse(both[1]?.body ?? 'null')).toEqual(JSON.parse(first?.body ?? 'null'));
    });

    test('during a rotation both secrets verify each delivery; a rotation that ends the old secret at once leaves the new one alone', async () => {
      const api = webhookApi(c, (await c.newKey()).key);
      const url = receiver.newUrl('rotation');
      const endpoint = await api.createEndpoint({ url });
      const sendTest = async () => {
        const queued = (await api.call(`${ENDPOINTS}/${endpoint.id}/test`, { method: 'POST' })).body;
        const arrived = await deliveriesOf(receiver, url, [queued.eventId]);
        return byEventId(arrived).get(queued.eventId) as ReceivedDelivery;
      };
      const rotate = async (json: object) =>
        (await api.call(`${ENDPOINTS}/${endpoint.id}/rotate-secret`, { method: 'POST', json })).body
          .secret as string;
      const overlapping = await rotate({});
      expect(problemsOf(await sendTest(), [endpoint.secret, overlapping])).toEqual([]);
      const alone = await rotate({ oldSecretExpiresIn: 0 });
      const delivery = await sendTest();
      expect(problemsOf(delivery, [alone])).toEqual([]);
      expect(problemsOf(delivery, [overlapping])).toHaveLength(1);
      expect(delivery.headers['webhook-signature']?.split(' ')).toHaveLength(1);
    });
  });
}
