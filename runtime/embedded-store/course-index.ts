import type { CourseChanges, CourseOwner, CourseRecord, PageQuery } from '../core/index.ts';
import { COURSE_CHANGE_FIELDS, COURSE_FIELDS } from '../core/index.ts';
import type { CourseStatus } from '../domain/course-lifecycle.ts';
import { frozenRecord, GroupedIndex, ownedBy, ownerGroup } from './grouped-index.ts';
import { newestBefore } from './seq-order.ts';

/**
 * A course loaded from sql.js but not read since: only what the indexes need. Its other columns
 * stay in sql.js until the first read asks for them (see {@link CourseIndex}).
 */
type UnreadCourse = Readonly<Pick<CourseRecord, 'id' | 'ownerId' | 'environment' | 'status' | 'seq'>>;

type Indexed = CourseRecord | UnreadCourse;

const isRecord = (course: Indexed): course is CourseRecord => 'createdAt' in course;

/** A frozen copy of `course` with its fields only: no caller's object is kept (it could change it). */
export function courseRecord(course: Omit<CourseRecord, 'seq'>, seq: number): CourseRecord {
  return frozenRecord(COURSE_FIELDS, course, seq);
}

/**
 * `current` with `changes` applied (only the updatable fields; an `undefined` one leaves the field
 * as it is, as in SQL), or `current` itself when nothing changes, which the store then does not write.
 */
export function changedCourse(current: CourseRecord, changes: CourseChanges): CourseRecord {
  const set = COURSE_CHANGE_FIELDS.filter(
    (field) => changes[field] !== undefined && changes[field] !== current[field],
  );
  if (set.length === 0) return current;
  const changed = Object.fromEntries(set.map((field) => [field, changes[field]]));
  return courseRecord({ ...current, ...changed }, current.seq);
}

/** Where the index finds what it does not hold yet: sql.js, in the sql.js store. */
export interface CourseSource {
  /** Calls `visit` with each course of `owner`, unread, in `seq` order. */
  eachOf(owner: CourseOwner, visit: (course: UnreadCourse) => void): void;
  /** `course`'s whole row (`undefined` only if sql.js no longer holds it). */
  read(course: UnreadCourse): CourseRecord | undefined;
}

/**
 * Courses as plain JS: by id, and per owner and environment (and per status) in `seq` order, so a
 * page is a binary search plus the page. Holds frozen records and replaces a record on change,
 * never mutates one, so a record handed out stays as it was.
 *
 * Without a {@link CourseSource} it holds every course (the memory store). With one (the sql.js
 * store, whose SQL tables hold the courses) it loads on demand, at two levels:
 * - An owner's courses (in one environment) are loaded on the owner's first read, as
 *   {@link UnreadCourse}s: until then the index holds nothing of them, and writes to them are
 *   left to sql.js, which the load reads. Start-up so loads no courses at all, and an owner who
 *   never reads costs nothing (on 100,000 courses of one owner the load is about 0.3 s, once).
 * - An unread course is read in full on its own first read (get, list page) and kept in its
 *   place: only what is asked for is decoded and kept.
 */
export class CourseIndex {
  /** Every course held, by id, in its owner's group and its owner's group for its status. */
  readonly #courses = new GroupedIndex<Indexed>((course) => {
    const owner = ownerGroup(course);
    return [owner, statusGroup(owner, course.status)];
  });
  /** With a source, the owners loaded; an owner loaded with no courses, or emptied, stays. */
  readonly #loaded = new Set<string>();

  constructor(private readonly source?: CourseSource) {}

  /** Whether a course with `id` is held, whoever owns it (with a source: of the owners loaded). */
  has(id: string): boolean {
    return this.#courses.get(id) !== undefined;
  }

  /** Like `WHERE id = ? AND owner_id = ? AND environment = ?`. */
  get(owner: CourseOwner, id: string): CourseRecord | undefined {
    let course = this.#courses.get(id);
    if (course === undefined && !this.#isLoaded(ownerGroup(owner))) {
      this.#load(owner);
      course = this.#courses.get(id);
    }
    const owned = ownedBy(course, owner);
    return owned && this.#record(owned);
  }

  /** Like `WHERE owner_id = ? AND environment = ? [AND status = ?] AND seq < ? ORDER BY seq DESC LIMIT ?`. */
  list(query: PageQuery & CourseOwner & { status?: CourseStatus | undefined }): CourseRecord[] {
    const owner = ownerGroup(query);
    if (!this.#isLoaded(owner)) this.#load(query);
    const group = query.status === undefined ? owner : statusGroup(owner, query.status);
    const page = newestBefore(this.#courses.group(group), query.beforeSeq, query.limit);
    for (let i = 0; i < page.length; i++) page[i] = this.#record(page[i] as Indexed);
    return page as CourseRecord[];
  }

  /**
   * Adds a frozen `course`, or puts it in the place of the stored course with its id. With a source,
   * call it after the source has the change: for an owner not loaded yet it does nothing, and the
   * load reads it.
   */
  put(course: CourseRecord): void {
    if (this.#isLoaded(ownerGroup(course))) this.#courses.put(course);
    else this.#courses.delete(course.id);
  }

  /** Removes the course with `id`, if there is one (nothing to do for an owner not loaded). */
  delete(id: string): void {
    this.#courses.delete(id);
  }

  /** How many courses of `owner` are held (with a source: 0 for an owner not loaded). */
  count(owner: CourseOwner): number {
    return this.#courses.group(ownerGroup(owner)).length;
  }

  /** Removes every course of `owner`, who is then loaded, with none. */
  deleteAll(owner: CourseOwner): void {
    this.#courses.deleteGroup(ownerGroup(owner));
    if (this.source) this.#loaded.add(ownerGroup(owner));
  }

  #isLoaded(owner: string): boolean {
    return this.source === undefined || this.#loaded.has(owner);
  }

  /** Loads `owner`'s courses, unread, from the source; all or nothing. */
  #load(owner: CourseOwner): void {
    try {
      this.source?.eachOf(owner, (course) => this.#courses.put(course));
    } catch (error) {
      // Not loaded, then: the next read tries again.
      this.#courses.deleteGroup(ownerGroup(owner));
      throw error;
    }
    this.#loaded.add(ownerGroup(owner));
  }

  /** `course` itself, or for an unread course its row, read once and kept in its place. */
  #record(course: Indexed): CourseRecord {
    if (isRecord(course)) return course;
    const record = this.source?.read(course);
    if (!record) throw new Error(`course ${course.id} is indexed but not in the database`);
    this.#courses.put(record);
    return record;
  }
}

/** The group of `owner`'s courses with `status`. */
const statusGroup = (owner: string, status: CourseStatus) => `${owner}\u0000${status}`;
