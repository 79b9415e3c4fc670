import type { CourseChanges, CourseOwner, CourseRecord, PageQuery } from '../core/index.ts';
import { COURSE_CHANGE_FIELDS, COURSE_FIELDS } from '../core/index.ts';
import type { CourseStatus } from '../domain/course-lifecycle.ts';
import { insertBySeq, newestBefore, removeBySeq, replaceBySeq } from './seq-order.ts';

/**
 * A course loaded from sql.js but not read since: only what the indexes need. Its other columns
 * stay in sql.js until the first read asks for them (see {@link CourseIndex}).
 */
type UnreadCourse = Readonly<Pick<CourseRecord, 'id' | 'ownerId' | 'environment' | 'status' | 'seq'>>;

type Indexed = CourseRecord | UnreadCourse;

const isRecord = (course: Indexed): course is CourseRecord => 'createdAt' in course;

/** One owner's courses in one environment, in `seq` order, all of them and per status. */
interface OwnerCourses {
  all: Indexed[];
  byStatus: Map<CourseStatus, Indexed[]>;
}

/** An owner loaded with no courses. */
const noCourses = (): OwnerCourses => ({ all: [], byStatus: new Map() });

/**
 * A frozen copy of `course` with its fields only, in {@link COURSE_FIELDS} order: no caller's object
 * is kept (it could change it), and every record has the same shape.
 */
export function courseRecord(course: Omit<CourseRecord, 'seq'>, seq: number): CourseRecord {
  const record: Record<string, unknown> = {};
  for (const field of COURSE_FIELDS) record[field] = field === 'seq' ? seq : course[field];
  return Object.freeze(record) as unknown as CourseRecord;
}

/**
 * `current` with `changes` applied (only the updatable fields; an `undefined` one leaves the field
 * as it is, as in SQL), or `current` itself when nothing changes, so caches keyed on it stay valid.
 */
export function changedCourse(current: CourseRecord, changes: CourseChanges): CourseRecord {
  const set = COURSE_CHANGE_FIELDS.filter(
    (field) => changes[field] !== undefined && changes[field] !== current[field],
  );
  if (set.length === 0) return current;
  return courseRecord(
    { ...current, ...Object.fromEntries(set.map((field) => [field, changes[field]])) },
    current.seq,
  );
}

/** The map key of an owner's courses in one environment (a NUL cannot occur in an owner id). */
const ownerKey = (owner: CourseOwner) => `${owner.ownerId}\u0000${owner.environment}`;

/** Whether `course` belongs to `owner`, environment included. */
const ownedBy = (course: CourseOwner, owner: CourseOwner) =>
  course.ownerId === owner.ownerId && course.environment === owner.environment;

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
 * never mutates one, so a record handed out stays as it was, and an unchanged course is the same
 * object at every read.
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
  /** The courses of every loaded owner, by id. */
  readonly #byId = new Map<string, Indexed>();
  /** Loaded owners only; an owner loaded with no courses, or emptied, keeps an empty entry. */
  readonly #byOwner = new Map<string, OwnerCourses>();

  constructor(private readonly source?: CourseSource) {}

  /** Whether a course with `id` is held, whoever owns it (with a source: of the owners loaded). */
  has(id: string): boolean {
    return this.#byId.has(id);
  }

  /** Like `WHERE id = ? AND owner_id = ? AND environment = ?`. */
  get(owner: CourseOwner, id: string): CourseRecord | undefined {
    let course = this.#byId.get(id);
    if (course === undefined && !this.#byOwner.has(ownerKey(owner))) {
      this.#load(owner);
      course = this.#byId.get(id);
    }
    return course && ownedBy(course, owner) ? this.#record(course) : undefined;
  }

  /** Like `WHERE owner_id = ? AND environment = ? [AND status = ?] AND seq < ? ORDER BY seq DESC LIMIT ?`. */
  list(query: PageQuery & CourseOwner & { status?: CourseStatus | undefined }): CourseRecord[] {
    const owner = this.#byOwner.get(ownerKey(query)) ?? this.#load(query);
    const items = query.status === undefined ? owner.all : owner.byStatus.get(query.status);
    if (!items) return [];
    const page = newestBefore(items, query.beforeSeq, query.limit);
    for (let i = 0; i < page.length; i++) page[i] = this.#record(page[i] as Indexed);
    return page as CourseRecord[];
  }

  /**
   * Adds a frozen `course`, or puts it in the place of the stored course with its id. With a source,
   * call it after the source has the change: for an owner not loaded yet it does nothing, and the
   * load reads it.
   */
  put(course: CourseRecord): void {
    let previous = this.#byId.get(course.id);
    // Never the case for the store's updates (owner and seq stay), but keep the lists right anyway.
    if (previous && (!ownedBy(previous, course) || previous.seq !== course.seq)) {
      this.delete(previous.id);
      previous = undefined;
    }
    const owner = this.#byOwner.get(ownerKey(course)) ?? (this.source ? undefined : this.#load(course));
    if (!owner) return;
    this.#byId.set(course.id, course);
    if (!previous) {
      insertBySeq(owner.all, course);
      insertBySeq(statusList(owner, course.status), course);
    } else if (previous.status === course.status) {
      replaceBySeq(owner.all, course);
      replaceBySeq(statusList(owner, course.status), course);
    } else {
      replaceBySeq(owner.all, course);
      removeBySeq(statusList(owner, previous.status), course.seq);
      insertBySeq(statusList(owner, course.status), course);
    }
  }

  /** Removes the course with `id`, if there is one (nothing to do for an owner not loaded). */
  delete(id: string): void {
    const course = this.#byId.get(id);
    if (!course) return;
    this.#byId.delete(id);
    const owner = this.#byOwner.get(ownerKey(course)) as OwnerCourses;
    removeBySeq(owner.all, course.seq);
    removeBySeq(statusList(owner, course.status), course.seq);
  }

  /** How many courses of `owner` are held (with a source: 0 for an owner not loaded). */
  count(owner: CourseOwner): number {
    return this.#byOwner.get(ownerKey(owner))?.all.length ?? 0;
  }

  /** Removes every course of `owner`, who is then loaded, with none. */
  deleteAll(owner: CourseOwner): void {
    const key = ownerKey(owner);
    for (const course of this.#byOwner.get(key)?.all ?? []) this.#byId.delete(course.id);
    this.#byOwner.set(key, noCourses());
  }

  /** Forgets every course and owner. */
  clear(): void {
    this.#byId.clear();
    this.#byOwner.clear();
  }

  /** Loads `owner`'s courses, unread, from the source; all or nothing. */
  #load(owner: CourseOwner): OwnerCourses {
    const loaded = noCourses();
    try {
      this.source?.eachOf(owner, (course) => {
        this.#byId.set(course.id, course);
        insertBySeq(loaded.all, course);
        insertBySeq(statusList(loaded, course.status), course);
      });
    } catch (error) {
      // Not loaded, then: the next read tries again.
      for (const course of loaded.all) this.#byId.delete(course.id);
      throw error;
    }
    this.#byOwner.set(ownerKey(owner), loaded);
    return loaded;
  }

  /** `course` itself, or for an unread course its row, read once and kept in its place. */
  #record(course: Indexed): CourseRecord {
    if (isRecord(course)) return course;
    const record = this.source?.read(course);
    if (!record) throw new Error(`course ${course.id} is indexed but not in the database`);
    this.#byId.set(record.id, record);
    const owner = this.#byOwner.get(ownerKey(record)) as OwnerCourses;
    replaceBySeq(owner.all, record);
    replaceBySeq(statusList(owner, record.status), record);
    return record;
  }
}

/** `owner`'s list of courses with `status`, made when first needed. */
function statusList(owner: OwnerCourses, status: CourseStatus): Indexed[] {
  let items = owner.byStatus.get(status);
  if (!items) {
    items = [];
    owner.byStatus.set(status, items);
  }
  return items;
}
