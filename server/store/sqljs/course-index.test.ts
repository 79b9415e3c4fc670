import type { CourseOwner, CourseRecord } from '@course-service/runtime';
import { CourseIndex, type CourseSource, courseRecord } from '@course-service/runtime/embedded-store';
import { describe, expect, it } from 'vitest';
import { account, newCourse } from '../../../test-support/store/records.ts';

/**
 * An index over a fake sql.js (`rows`) holding five courses of owner `a` (seq 1–5), recording
 * which owners it loads and which courses it reads in full.
 */
function indexOverRows() {
  const rows = new Map<string, CourseRecord>();
  for (let seq = 1; seq <= 5; seq++) {
    const record = courseRecord(newCourse('a', seq, seq % 2 ? 'draft' : 'published'), seq);
    rows.set(record.id, record);
  }
  const loads: string[] = [];
  const reads: string[] = [];
  const source: CourseSource = {
    eachOf(owner: CourseOwner, visit) {
      loads.push(`${owner.ownerId}/${owner.environment}`);
      const owned = [...rows.values()].filter(
        (c) => c.ownerId === owner.ownerId && c.environment === owner.environment,
      );
      for (const { id, ownerId, environment, status, seq } of owned.sort((x, y) => x.seq - y.seq))
        visit(Object.freeze({ id, ownerId, environment, status, seq }));
    },
    read(course) {
      reads.push(course.id);
      return rows.get(course.id);
    },
  };
  return { index: new CourseIndex(source), rows, loads, reads };
}

describe('CourseIndex, loaded on demand', () => {
  it("loads an owner's courses on the owner's first read, once, and nobody else's", () => {
    const { index, loads } = indexOverRows();
    expect(loads).toEqual([]);
    expect(index.get(account('a'), 'crs_a_1')?.name).toBe('Course 1');
    expect(index.list({ ...account('a'), limit: 5 })).toHaveLength(5);
    expect(index.get(account('a'), 'crs_missing')).toBeUndefined();
    expect(loads).toEqual(['a/prod']);
  });

  it('reads a course in full on its first read only, and then hands out the same record', () => {
    const { index, rows, reads } = indexOverRows();
    const first = index.get(account('a'), 'crs_a_3');
    expect(first).toBe(rows.get('crs_a_3'));
    expect(index.get(account('a'), 'crs_a_3')).toBe(first);
    expect(index.list({ ...account('a'), limit: 5 })).toContain(first);
    expect(reads.filter((id) => id === 'crs_a_3')).toEqual(['crs_a_3']);
  });

  it('reads only the page a list returns, newest first, by status too', () => {
    const { index, reads } = indexOverRows();
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

  it('finds nothing of an owner for another owner or environment, and reads none of it', () => {
    const { index, loads, reads } = indexOverRows();
    index.list({ ...account('a'), limit: 1 });
    expect(index.get(account('b'), 'crs_a_1')).toBeUndefined();
    expect(index.get(account('a', 'test'), 'crs_a_2')).toBeUndefined();
    expect(index.list({ ...account('a', 'test'), limit: 10 })).toEqual([]);
    expect(index.get(account('b'), 'crs_missing')).toBeUndefined();
    // A course found by id answers for its own owner only; a miss loads the caller's courses.
    expect(loads).toEqual(['a/prod', 'a/test', 'b/prod']);
    expect(reads).toEqual(['crs_a_5']);
  });

  it('leaves writes to an owner not loaded to the source, whose state the first read shows', () => {
    const { index, rows, loads } = indexOverRows();
    // The store writes sql.js first, then the index: here the fake rows, then the index.
    const added = courseRecord(newCourse('a', 6, 'archived'), 6);
    rows.set(added.id, added);
    index.put(added);
    const renamed = courseRecord({ ...newCourse('a', 2, 'published'), name: 'Renamed' }, 2);
    rows.set(renamed.id, renamed);
    index.put(renamed);
    rows.delete('crs_a_1');
    index.delete('crs_a_1');
    expect(loads).toEqual([]);
    const all = index.list({ ...account('a'), limit: 10 });
    expect(all.map((c) => [c.id, c.name])).toEqual([
      ['crs_a_6', 'Course 6'],
      ['crs_a_5', 'Course 5'],
      ['crs_a_4', 'Course 4'],
      ['crs_a_3', 'Course 3'],
      ['crs_a_2', 'Renamed'],
    ]);
    expect(index.list({ ...account('a'), status: 'archived', limit: 10 })).toEqual([added]);
    expect(loads).toEqual(['a/prod']);
  });

  it('replaces and deletes unread courses without reading them', () => {
    const { index, rows, loads, reads } = indexOverRows();
    index.list({ ...account('a'), limit: 0 });
    const renamed = courseRecord({ ...newCourse('a', 2, 'archived'), name: 'Renamed' }, 2);
    index.put(renamed);
    index.delete('crs_a_4');
    expect(index.list({ ...account('a'), status: 'archived', limit: 10 })).toEqual([renamed]);
    expect(index.list({ ...account('a'), status: 'published', limit: 10 })).toEqual([]);
    expect(reads).toEqual([]);
    index.deleteAll(account('a'));
    // The owner stays loaded, with nothing, whatever the source still says.
    expect(rows.size).toBe(5);
    expect(index.get(account('a'), 'crs_a_1')).toBeUndefined();
    expect(index.list({ ...account('a'), limit: 10 })).toEqual([]);
    expect(loads).toEqual(['a/prod']);
    expect(reads).toEqual([]);
  });

  it('keeps nothing of a load that fails, and loads again on the next read', () => {
    const { rows } = indexOverRows();
    let failing = true;
    const flaky = new CourseIndex({
      eachOf(_owner, visit) {
        for (const { id, ownerId, environment, status, seq } of rows.values()) {
          visit(Object.freeze({ id, ownerId, environment, status, seq }));
          if (failing) throw new Error('database failed');
        }
      },
      read: (course) => rows.get(course.id),
    });
    expect(() => flaky.list({ ...account('a'), limit: 10 })).toThrow('database failed');
    // Had the first course stayed indexed, this would find it instead of loading again.
    expect(() => flaky.get(account('a'), 'crs_a_1')).toThrow('database failed');
    failing = false;
    expect(flaky.list({ ...account('a'), limit: 10 }).map((c) => c.seq)).toEqual([5, 4, 3, 2, 1]);
  });

  it('says so when an indexed course is missing from the database', () => {
    const { index, rows } = indexOverRows();
    index.list({ ...account('a'), limit: 0 });
    rows.clear();
    expect(() => index.get(account('a'), 'crs_a_3')).toThrow(
      'course crs_a_3 is indexed but not in the database',
    );
  });
});
