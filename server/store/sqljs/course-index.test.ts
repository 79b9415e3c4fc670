import { describe, expect, it } from 'vitest';
import type { CourseRecord } from '../store.ts';
import { account, newCourse } from '../test-support.ts';
import { CourseIndex, courseRecord, type UnreadCourse } from './course-index.ts';

/** Five courses of owner `a` (seq 1–5), as the database holds them, and an index of them unread. */
function unreadIndex() {
  const rows = new Map<string, CourseRecord>();
  for (let seq = 1; seq <= 5; seq++) {
    const record = courseRecord(newCourse('a', seq, seq % 2 ? 'draft' : 'published'), seq);
    rows.set(record.id, record);
  }
  const reads: string[] = [];
  const index = new CourseIndex((course: UnreadCourse) => {
    reads.push(course.id);
    return rows.get(course.id);
  });
  for (const { id, ownerId, environment, status, seq } of rows.values())
    index.putUnread(Object.freeze({ id, ownerId, environment, status, seq }));
  return { index, rows, reads };
}

describe('CourseIndex with courses loaded unread', () => {
  it('reads a course in full on its first read only, and then hands out the same record', () => {
    const { index, rows, reads } = unreadIndex();
    const first = index.get(account('a'), 'crs_a_3');
    expect(first).toBe(rows.get('crs_a_3'));
    expect(index.get(account('a'), 'crs_a_3')).toBe(first);
    expect(index.list({ ...account('a'), limit: 5 })).toContain(first);
    expect(reads.filter((id) => id === 'crs_a_3')).toEqual(['crs_a_3']);
  });

  it('reads only the page a list returns, newest first, by status too', () => {
    const { index, reads } = unreadIndex();
    const page = index.list({ ...account('a'), limit: 2 });
    expect(page.map((c) => [c.id, c.name])).toEqual([
      ['crs_a_5', 'Course 5'],
      ['crs_a_4', 'Course 4'],
    ]);
    expect(reads).toEqual(['crs_a_5', 'crs_a_4']);
    const drafts = index.list({ ...account('a'), status: 'draft', limit: 10 });
    expect(drafts.map((c) => c.id)).toEqual(['crs_a_5', 'crs_a_3', 'crs_a_1']);
    // crs_a_5 was read by the first page, in both of its lists.
    expect(reads).toEqual(['crs_a_5', 'crs_a_4', 'crs_a_3', 'crs_a_1']);
  });

  it('reads nothing for another owner or environment, and finds nothing there', () => {
    const { index, reads } = unreadIndex();
    expect(index.get(account('b'), 'crs_a_1')).toBeUndefined();
    expect(index.get(account('a', 'test'), 'crs_a_1')).toBeUndefined();
    expect(index.list({ ...account('a', 'test'), limit: 10 })).toEqual([]);
    expect(reads).toEqual([]);
  });

  it('replaces and deletes unread courses without reading them', () => {
    const { index, reads } = unreadIndex();
    const renamed = courseRecord({ ...newCourse('a', 2, 'archived'), name: 'Renamed' }, 2);
    index.put(renamed);
    index.delete('crs_a_4');
    expect(index.list({ ...account('a'), status: 'archived', limit: 10 })).toEqual([renamed]);
    expect(index.list({ ...account('a'), status: 'published', limit: 10 })).toEqual([]);
    expect(reads).toEqual([]);
    expect(index.deleteAll(account('a')).sort()).toEqual(['crs_a_1', 'crs_a_2', 'crs_a_3', 'crs_a_5']);
    expect(reads).toEqual([]);
  });

  it('says so when an indexed course is missing from the database', () => {
    const index = new CourseIndex(() => undefined);
    index.putUnread(
      Object.freeze({ id: 'crs_x', ownerId: 'a', environment: 'prod', status: 'draft', seq: 1 }),
    );
    expect(() => index.get(account('a'), 'crs_x')).toThrow('course crs_x is indexed but not in the database');
  });
});
