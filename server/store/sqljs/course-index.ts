import type { CourseStatus } from '../../../domain/course-lifecycle.ts';
import type { CourseOwner, CourseRecord, PageQuery } from '../store.ts';
import { insertBySeq, newestBefore, removeBySeq, replaceBySeq } from './seq-order.ts';

/**
 * A course loaded from a snapshot but not read since: only what the indexes need. Its other
 * columns stay in sql.js until the first read asks for them (see {@link CourseIndex}).
 */
export type UnreadCourse = Readonly<Pick<CourseRecord, 'id' | 'ownerId' | 'environment' | 'status' | 'seq'>>;

type Indexed = CourseRecord | UnreadCourse;

const isRecord = (course: Indexed): course is CourseRecord => 'createdAt' in course;

/** One owner's courses in one environment, in `seq` order, all of them and per status. */
interface OwnerCourses {
  all: Indexed[];
  byStatus: Map<CourseStatus, Indexed[]>;
}

/**
 * A frozen copy of `course` with every field in the order of the `courses` columns (one object
 * shape for all records, whatever the caller's object looked like).
 */
export function courseRecord(course: Omit<CourseRecord, 'seq'>, seq: number): CourseRecord {
  return Object.freeze({
    id: course.id,
    ownerId: course.ownerId,
    environment: course.environment,
    name: course.name,
    description: course.description,
    status: course.status,
    createdAt: course.createdAt,
    updatedAt: course.updatedAt,
    publishedAt: course.publishedAt,
    archivedAt: course.archivedAt,
    seq,
  });
}

/** The map key of an owner's courses in one environment (a NUL cannot occur in an owner id). */
const ownerKey = (owner: CourseOwner) => `${owner.ownerId}\u0000${owner.environment}`;

/** Whether `course` belongs to `owner`, environment included. */
const ownedBy = (course: CourseOwner, owner: CourseOwner) =>
  course.ownerId === owner.ownerId && course.environment === owner.environment;

/**
 * The `courses` table as plain JS, for reads: by id, and per owner and environment (and per status) in
 * `seq` order, so a page is a binary search plus the page. Holds frozen records and replaces a
 * record on change, never mutates one, so a record handed out stays as it was.
 *
 * Courses loaded at start-up come in as {@link UnreadCourse}s ({@link putUnread}): a read of one
 * fetches the whole row once with `read` and keeps it in its place. Start-up then decodes five
 * columns of each row instead of eleven, and keeps no names or descriptions nobody asked for
 * (on 100,000 courses about 0.2 s and 25 MB less).
 */
export class CourseIndex {
  readonly #byId = new Map<string, Indexed>();
  readonly #byOwner = new Map<string, OwnerCourses>();

  /** `read` fetches an unread course's row (`undefined` only if sql.js no longer holds it). */
  constructor(private readonly read: (course: UnreadCourse) => CourseRecord | undefined) {}

  /** Like `WHERE id = ? AND owner_id = ? AND environment = ?`. */
  get(owner: CourseOwner, id: string): CourseRecord | undefined {
    const course = this.#byId.get(id);
    return course && ownedBy(course, owner) ? this.#record(course) : undefined;
  }

  /** Like `WHERE owner_id = ? AND environment = ? [AND status = ?] AND seq < ? ORDER BY seq DESC LIMIT ?`. */
  list(query: PageQuery & CourseOwner & { status?: CourseStatus | undefined }): CourseRecord[] {
    const owner = this.#byOwner.get(ownerKey(query));
    const items = query.status === undefined ? owner?.all : owner?.byStatus.get(query.status);
    if (!items) return [];
    const page = newestBefore(items, query.beforeSeq, query.limit);
    for (let i = 0; i < page.length; i++) page[i] = this.#record(page[i] as Indexed);
    return page as CourseRecord[];
  }

  /** Adds a frozen course not read yet (at start-up, in `seq` order: each is a push). */
  putUnread(course: UnreadCourse): void {
    this.#add(course);
  }

  /** Adds a frozen `course`, or puts it in the place of the stored course with its id. */
  put(course: CourseRecord): void {
    let previous = this.#byId.get(course.id);
    // Never the case for the store's updates (owner and seq stay), but keep the lists right anyway.
    if (previous && (!ownedBy(previous, course) || previous.seq !== course.seq)) {
      this.delete(previous.id);
      previous = undefined;
    }
    if (!previous) {
      this.#add(course);
      return;
    }
    this.#byId.set(course.id, course);
    const owner = this.#owner(course);
    if (previous.status === course.status) {
      replaceBySeq(owner.all, course);
      replaceBySeq(this.#statusList(owner, course.status), course);
    } else {
      replaceBySeq(owner.all, course);
      removeBySeq(this.#statusList(owner, previous.status), course.seq);
      insertBySeq(this.#statusList(owner, course.status), course);
    }
  }

  /** Removes the course with `id`, if there is one. */
  delete(id: string): void {
    const course = this.#byId.get(id);
    if (!course) return;
    this.#byId.delete(id);
    const owner = this.#owner(course);
    removeBySeq(owner.all, course.seq);
    removeBySeq(this.#statusList(owner, course.status), course.seq);
    if (owner.all.length === 0) this.#byOwner.delete(ownerKey(course));
  }

  /** Removes every course of `owner`; returns their ids. */
  deleteAll(owner: CourseOwner): string[] {
    const courses = this.#byOwner.get(ownerKey(owner))?.all ?? [];
    const ids = courses.map((course) => course.id);
    for (const id of ids) this.#byId.delete(id);
    this.#byOwner.delete(ownerKey(owner));
    return ids;
  }

  #add(course: Indexed): void {
    this.#byId.set(course.id, course);
    const owner = this.#owner(course);
    insertBySeq(owner.all, course);
    insertBySeq(this.#statusList(owner, course.status), course);
  }

  /** `course` itself, or for an unread course its row, read once and kept in its place. */
  #record(course: Indexed): CourseRecord {
    if (isRecord(course)) return course;
    const record = this.read(course);
    if (!record) throw new Error(`course ${course.id} is indexed but not in the database`);
    this.#byId.set(record.id, record);
    const owner = this.#owner(record);
    replaceBySeq(owner.all, record);
    replaceBySeq(this.#statusList(owner, record.status), record);
    return record;
  }

  #owner(course: CourseOwner): OwnerCourses {
    const key = ownerKey(course);
    let owner = this.#byOwner.get(key);
    if (!owner) {
      owner = { all: [], byStatus: new Map() };
      this.#byOwner.set(key, owner);
    }
    return owner;
  }

  #statusList(owner: OwnerCourses, status: CourseStatus): Indexed[] {
    let items = owner.byStatus.get(status);
    if (!items) {
      items = [];
      owner.byStatus.set(status, items);
    }
    return items;
  }
}
