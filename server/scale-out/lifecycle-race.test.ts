import {
  type CourseStatus,
  type CourseTransition,
  nextStatus,
} from '@course-service/runtime/domain/course-lifecycle';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Fleet, startFleet } from '../../test-support/server/fleet.ts';

let fleet: Fleet;
beforeAll(async () => {
  fleet = await startFleet(2, { RATE_LIMIT_MAX: '100000' });
});
afterAll(() => fleet.stop());

const TRANSITIONS: CourseTransition[] = ['publish', 'archive', 'restore'];

/** Whether some order of `done` is a chain of legal transitions from `from` ending in `to`. */
function explainable(from: CourseStatus, done: CourseTransition[], to: CourseStatus): boolean {
  if (done.length === 0) return from === to;
  return done.some((transition, i) => {
    const next = nextStatus(from, transition);
    return next !== undefined && explainable(next, [...done.slice(0, i), ...done.slice(i + 1)], to);
  });
}

it('leaves every course in a state one sequence of legal transitions explains, whatever races', async () => {
  const { key } = await fleet.apiKey(0, 'racer');
  const created = await fleet.call(0, 'POST', '/api/v1/courses', {
    bearer: key,
    body: { name: 'Contended', description: '' },
  });
  const path = `/api/v1/courses/${created.body.id}`;
  let status: CourseStatus = 'draft';
  for (let round = 0; round < 12; round++) {
    // Every transition twice, half on each instance, all at once.
    const attempts = [...TRANSITIONS, ...TRANSITIONS].map((transition, i) => ({
      transition,
      instance: i % 2,
    }));
    const responses = await Promise.all(
      attempts.map(({ transition, instance }) =>
        fleet.call(instance, 'POST', `${path}/${transition}`, { bearer: key }),
      ),
    );
    expect(responses.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const done = attempts.filter((_, i) => responses[i]?.status === 200).map((a) => a.transition);
    const now = (await fleet.call(round, 'GET', path, { bearer: key })).body.status as CourseStatus;
    // Each success answered with the state its own transition leads to...
    for (const [i, response] of responses.entries()) {
      if (response.status === 200) {
        expect(response.body.status).toBe(statusAfter(attempts[i]?.transition as CourseTransition));
      } else {
        expect(response.body.code).toBe('invalid_transition');
      }
    }
    // ...and together the successes form one legal sequence from the state before to the state after.
    expect(explainable(status, done, now), `${status} --[${done.join(', ')}]--> ${now}`).toBe(true);
    status = now;
  }
});

function statusAfter(transition: CourseTransition): CourseStatus {
  return transition === 'publish' ? 'published' : transition === 'archive' ? 'archived' : 'draft';
}
