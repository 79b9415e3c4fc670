import { describe, expect, test } from 'vitest';
import type { Contract } from '../contract.ts';
import { requires } from '../preflight.ts';
import { type ExpectedEvent, makeEveryChange, newChangingOwner } from '../webhooks/every-change.ts';
import { webhookPayloadCheck } from '../webhooks/payload-check.ts';
import { type Event, webhookApi } from '../webhooks/webhook-api.ts';

/** What identifies an event for the comparisons: its type and the id of its object. */
const identities = (events: Array<Event | ExpectedEvent>) =>
  events.map((event) => `${event.type} ${event.data.id}`);

/** The events feed: one event per change, in order, equal to the API's answers; cursors; filters. */
export function eventsSuite(c: Contract): void {
  const payloadProblem = webhookPayloadCheck(c.spec.document);

  describe('events', () => {
    requires(c, 'webhookUrl');
    test('every change made produces its event exactly once, oldest first, as the API answered it, a valid webhook payload', async () => {
      const owner = await newChangingOwner(c);
      const due = [owner.created, ...(await makeEveryChange(c, owner))];
      const api = webhookApi(c, owner.key);
      const { events } = await api.feed({ limit: 2 });
      expect(identities(events)).toEqual(identities(due));
      events.forEach((event, i) => {
        expect(event.data, `${event.type} ${event.data.id}`).toEqual(due[i]?.data);
        expect(event.environment).toBe('prod');
        expect(payloadProblem(event), event.type).toBeUndefined();
      });
      expect(new Set(events.map((event) => event.id)).size).toBe(events.length);
      const times = events.map((event) => Date.parse(event.timestamp));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      for (const event of events) expect((await api.call(`/api/v1/events/${event.id}`)).body).toEqual(event);
    });

    test('polling with the last cursor returns only the events recorded since', async () => {
      const owner = await newChangingOwner(c);
      const api = webhookApi(c, owner.key);
      const client = c.client({ apiKey: owner.key });
      const course = await client.courses.create({ name: 'Polled', description: '' });
      const first = await api.feed();
      expect(identities(first.events)).toEqual([
        `api_key.created ${owner.created.data.id}`,
        `course.created ${course.id}`,
      ]);
      const idle = await api.call(`/api/v1/events?cursor=${first.cursor}`);
      expect(idle.body).toEqual({ data: [], hasMore: false, nextCursor: first.cursor });
      const renamed = await client.courses.update(course.id, { name: 'Polled again' });
      const next = await api.feed({ cursor: first.cursor });
      expect(identities(next.events)).toEqual([`course.updated ${course.id}`]);
      expect(next.events[0]?.data).toEqual(renamed);
      expect((await api.feed({ cursor: next.cursor })).events).toEqual([]);
    });

    test('type filters the feed; a webhook.test event is never in it, nor read by id', async () => {
      const owner = await newChangingOwner(c);
      const due = await makeEveryChange(c, owner);
      const api = webhookApi(c, owner.key);
      const endpoint = await api.createEndpoint();
      expect(
        (await api.call(`/api/v1/webhook-endpoints/${endpoint.id}/test`, { method: 'POST' })).status,
      ).toBe(202);
      for (const type of ['course.updated', 'api_key.rolled']) {
        const { events } = await api.feed({ type });
        expect(identities(events)).toEqual(identities(due.filter((event) => event.type === type)));
      }
      const { events } = await api.feed({ limit: 100 });
      expect(events.map((event) => event.type)).not.toContain('webhook.test');
    });

    test('each environment has its own feed: a test key reads the sandbox’s events only; a sandbox reset records none', async () => {
      const owner = await newChangingOwner(c);
      const sandbox = await c.newKey({ subject: owner.subject, environment: 'test' });
      const course = await sandbox.client.courses.create({ name: 'Sandboxed', description: '' });
      const { events } = await webhookApi(c, sandbox.key).feed();
      expect(identities(events)).toEqual([`api_key.created ${sandbox.id}`, `course.created ${course.id}`]);
      expect(events.map((event) => event.environment)).toEqual(['test', 'test']);
      const production = await webhookApi(c, owner.key).feed();
      expect(identities(production.events)).toEqual([`api_key.created ${owner.created.data.id}`]);
      // Resetting the sandbox deletes its courses and records no events.
      const admin = c.client({ idToken: await c.target.issueIdToken(owner.subject) });
      await admin.testData.reset();
      expect((await sandbox.client.courses.listPage()).data).toEqual([]);
      expect(identities((await webhookApi(c, sandbox.key).feed()).events)).toEqual(identities(events));
    });
  });
}
