import { expect } from 'vitest';
import { expectProblem } from '../assertions.ts';
import type { Contract } from '../contract.ts';

/** An event a change must produce: its type and the object as the API answered it. */
export interface ExpectedEvent {
  type: string;
  data: Record<string, unknown>;
}

/** An owner's API key (every scope) and the admin client of its subject, made for these changes. */
export interface ChangingOwner {
  key: string;
  subject: string;
  /** The `api_key.created` event of `key` itself, the first of the owner's feed. */
  created: ExpectedEvent;
}

/** A key record as events carry it: the create and roll answers less the key value. */
function keyRecord(answer: object): Record<string, unknown> {
  const { key: _secret, ...record } = answer as Record<string, unknown>;
  return record;
}

/**
 * A new subject with a production key made by its ID token: the key the feed is read with, and the
 * event its creation made.
 *
 * @example const owner = await newChangingOwner(c);
 */
export async function newChangingOwner(c: Contract): Promise<ChangingOwner> {
  const subject = c.subject('events');
  const admin = c.client({ idToken: await c.target.issueIdToken(subject) });
  const answer = await admin.apiKeys.create({ name: 'events reader' });
  return { key: answer.key, subject, created: { type: 'api_key.created', data: keyRecord(answer) } };
}

/**
 * Makes every kind of change the events describe, with the owner's key and ID token: a course
 * created, updated, published, archived, restored and deleted; a key created, rolled and revoked.
 * Three requests that change nothing (an update to the current values, publishing a published
 * course, revoking a revoked key) are made too: they must produce nothing. Returns the events due, oldest first, each with the API's answer.
 *
 * @example const due = await makeEveryChange(c, owner);
 */
export async function makeEveryChange(c: Contract, owner: ChangingOwner): Promise<ExpectedEvent[]> {
  const client = c.client({ apiKey: owner.key });
  const admin = c.client({ idToken: await c.target.issueIdToken(owner.subject) });
  const due: ExpectedEvent[] = [];
  const course = (type: string, answer: object) =>
    due.push({ type, data: answer as Record<string, unknown> });
  const created = await client.courses.create({ name: 'Evented', description: 'every change' });
  course('course.created', created);
  const renamed = await client.courses.update(created.id, { name: 'Evented, renamed' });
  course('course.updated', renamed);
  // The values it has already: nothing changes, `updatedAt` included.
  expect(await client.courses.update(created.id, { name: renamed.name })).toEqual(renamed);
  course('course.published', await client.courses.publish(created.id));
  await expectProblem(client.courses.publish(created.id), 409, 'invalid_transition');
  course('course.archived', await client.courses.archive(created.id));
  const restored = await client.courses.restore(created.id);
  course('course.restored', restored);
  await client.courses.delete(created.id);
  course('course.deleted', restored);
  const made = await admin.apiKeys.create({ name: 'evented key' });
  due.push({ type: 'api_key.created', data: keyRecord(made) });
  const rolled = await admin.apiKeys.roll(made.id, { oldKeyExpiresIn: 60 });
  due.push({ type: 'api_key.rolled', data: keyRecord(rolled) });
  const revoked = await admin.apiKeys.revoke(rolled.id);
  due.push({ type: 'api_key.revoked', data: keyRecord(revoked) });
  // Revoking a revoked key answers it as it is and changes nothing.
  expect(await admin.apiKeys.revoke(rolled.id)).toEqual(revoked);
  return due;
}
