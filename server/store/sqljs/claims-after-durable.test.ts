import { symlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { CourseRecord } from '@course-service/runtime';
import { describe, expect, it } from 'vitest';
import { account, at, draft, newCourse, newEndpoint, tempDir } from '../../../test-support/store/records.ts';
import { FILES } from './files.ts';
import { openSqljsStore } from './open-sqljs-store.ts';

// A claim is no write of its own (leases live in memory), so it waits for the journal: a delivery
// goes out only once the change that queued it is durable.
describe('claims of the sql.js store', () => {
  it('resolve only once the change that queued the delivery is durable', async () => {
    const store = await openSqljsStore({ dataDir: await tempDir() });
    await store.insertWebhookEndpoint(newEndpoint('a', 1));
    const settled: string[] = [];
    const created = store.insertCourse(
      newCourse('a', 1),
      undefined,
      draft<CourseRecord>('course.created', 1),
    );
    created.then(() => settled.push('create durable'));
    const claimed = store.claimWebhookDeliveries({ now: at(5), leaseUntil: at(0, 5), limit: 10 });
    claimed.then(() => settled.push('claimed'));
    const [jobs] = await Promise.all([claimed, created]);
    expect(jobs.map((job) => job.delivery.eventId)).toEqual(['evt_course.created_1']);
    expect(settled).toEqual(['create durable', 'claimed']);
    expect(await store.getCourse(account('a'), 'crs_a_1')).toBeDefined();
    await store.close();
  });

  it('fail when the change that queued the delivery could not be made durable', async () => {
    const dir = await tempDir();
    const store = await openSqljsStore({ dataDir: dir });
    await store.insertWebhookEndpoint(newEndpoint('a', 1));
    // The next journal file is /dev/full: the checkpoint succeeds, the next append gets ENOSPC.
    await symlink('/dev/full', join(dir, FILES.nextJournal));
    await store.checkpoint();
    const created = store.insertCourse(
      newCourse('a', 1),
      undefined,
      draft<CourseRecord>('course.created', 1),
    );
    await expect(created).rejects.toThrow('journal write failed');
    await expect(
      store.claimWebhookDeliveries({ now: at(5), leaseUntil: at(0, 5), limit: 10 }),
    ).rejects.toThrow('journal write failed');
    await store.close();
  });
});
