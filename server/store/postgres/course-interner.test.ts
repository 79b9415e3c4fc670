import type { CourseRecord } from '@course-service/runtime';
import { describe, expect, it } from 'vitest';
import { account, newCourse } from '../../../test-support/store/records.ts';
import { CourseInterner } from './course-interner.ts';

const course = (n: number, changes: Partial<CourseRecord> = {}): CourseRecord => ({
  ...newCourse('a', n),
  ...account('a'),
  seq: n,
  ...changes,
});

describe('CourseInterner', () => {
  it('answers an unchanged course with the object handed out before, frozen', () => {
    const interner = new CourseInterner();
    const first = interner.intern(course(1));
    expect(interner.intern(course(1))).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
  });

  it('hands out the new version when any field differs, and keeps it from then on', () => {
    const interner = new CourseInterner();
    const first = interner.intern(course(1));
    const renamed = interner.intern(course(1, { name: 'Renamed' }));
    expect(renamed).not.toBe(first);
    expect(renamed.name).toBe('Renamed');
    expect(interner.intern(course(1, { name: 'Renamed' }))).toBe(renamed);
    expect(interner.intern(course(1, { archivedAt: '2026-01-01T00:00:00.000Z' }))).not.toBe(renamed);
  });

  it('forgets the oldest ids past its capacity', () => {
    const interner = new CourseInterner(2);
    const first = interner.intern(course(1));
    interner.intern(course(2));
    interner.intern(course(3));
    expect(interner.intern(course(1))).not.toBe(first);
  });
});
