import { describe, expect, expectTypeOf, it } from 'vitest';
import { COURSE_FIELDS, type CourseRecord, openApiDocument } from '../index.ts';
import { courseView } from './representations.ts';

const course: CourseRecord = {
  id: 'crs_1',
  ownerId: 'user-1',
  environment: 'prod',
  name: 'Course',
  description: '',
  status: 'draft',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  publishedAt: null,
  archivedAt: null,
  seq: 1,
};

describe('the course fields', () => {
  it('are the fields of CourseRecord, every one', () => {
    expectTypeOf<(typeof COURSE_FIELDS)[number]>().toEqualTypeOf<keyof CourseRecord>();
    expect(new Set(COURSE_FIELDS).size).toBe(COURSE_FIELDS.length);
  });

  it("are what courseView shows but the owner and seq, and those are the spec's Course", () => {
    const shown = Object.keys(courseView(course)).sort();
    expect(shown).toEqual(COURSE_FIELDS.filter((field) => field !== 'ownerId' && field !== 'seq').sort());
    const spec = openApiDocument as unknown as {
      components: { schemas: { Course: { properties: object } } };
    };
    expect(shown).toEqual(Object.keys(spec.components.schemas.Course.properties).sort());
  });
});
