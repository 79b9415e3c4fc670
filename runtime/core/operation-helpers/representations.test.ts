import { describe, expect, expectTypeOf, it } from 'vitest';
import { etagOf } from '../../domain/etag.ts';
import { COURSE_FIELDS, type CourseRecord, openApiDocument } from '../index.ts';
import { CourseRepresentations, courseEtag, courseJson, courseView } from './representations.ts';

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

describe('the cached course representations', () => {
  it("are the view's JSON and the tag of that text", () => {
    const json = JSON.stringify(courseView(course));
    expect(courseJson(course)).toBe(json);
    expect(courseEtag(course)).toBe(etagOf(json));
  });

  it('follow every shown field, even with the id and updatedAt unchanged (same millisecond, another store)', () => {
    for (const field of Object.keys(courseView(course)) as Array<keyof ReturnType<typeof courseView>>) {
      const changed = { ...course, [field]: `${course[field] ?? ''}x` } as CourseRecord;
      expect(courseJson(changed), field).toBe(JSON.stringify(courseView(changed)));
      expect(courseEtag(changed), field).toBe(etagOf(JSON.stringify(courseView(changed))));
      expect(courseJson(course), field).toBe(JSON.stringify(courseView(course)));
    }
  });

  it('serve an equal record read again, a new object, from the cache', () => {
    const cache = new CourseRepresentations(1_000);
    expect(cache.of({ ...course })).toBe(cache.of({ ...course, ownerId: 'user-2', seq: 2 }));
    expect(cache.of({ ...course, status: 'published' })).not.toBe(cache.of(course));
  });

  it('forget the oldest courses past their capacity in characters', () => {
    const length = courseJson(course).length;
    const cache = new CourseRepresentations(length * 2);
    const first = cache.of(course);
    const second = cache.of({ ...course, id: 'crs_2' });
    cache.of({ ...course, id: 'crs_3' });
    expect(cache.of({ ...course, id: 'crs_2' })).toBe(second);
    expect(cache.of(course)).not.toBe(first);
  });
});
