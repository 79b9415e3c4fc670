import type { CourseStatus } from '../../../domain/course-lifecycle.ts';
import type { CourseRecord, PageQuery } from '../store.ts';
import { insertBySeq, newestBefore, removeBySeq, replaceBySeq } from './seq-order.ts';

/** One owner's courses in `seq` order, all of them and per status. */
interface OwnerCourses {
  all: CourseRecord[];
  byStatus: Map<CourseStatus, CourseRecord[]>;
}

/**
 * A frozen copy of `course` with every field in the order of the `courses` columns (one object
 * shape for all records, whatever the caller's object looked like).
 */
export function courseRecord(course: Omit<CourseRecord, 'seq'>, seq: number): CourseRecord {
  return Object.freeze({
    id: course.id,
    ownerId: course.ownerId,
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

/**
 * The `courses` table as plain JS, for reads: by id, and per owner (and per owner and status) in
 * `seq` order, so a page is a binary search plus the page. Holds frozen records and replaces a
 * record on change, never mutates one, so a record handed out stays as it was.
 */
export class CourseIndex {
  readonly #byId = new Map<string, CourseRecord>();
  readonly #byOwner = new Map<string, OwnerCourses>();

  /** Like `WHERE id = ? AND owner_id = ?`. */
  get(ownerId: string, id: string): CourseRecord | undefined {
    const course = this.#byId.get(id);
    return course?.ownerId === ownerId ? course : undefined;
  }

  /** Like `WHERE owner_id = ? [AND status = ?] AND seq < ? ORDER BY seq DESC LIMIT ?`. */
  list(query: PageQuery & { status?: CourseStatus | undefined }): CourseRecord[] {
    const owner = this.#byOwner.get(query.ownerId);
    const items = query.status === undefined ? owner?.all : owner?.byStatus.get(query.status);
    return items ? newestBefore(items, query.beforeSeq, query.limit) : [];
  }

  /** Adds a frozen `course`, or puts it in the place of the stored course with its id. */
  put(course: CourseRecord): void {
    let previous = this.#byId.get(course.id);
    // Never the case for the store's updates (owner and seq stay), but keep the lists right anyway.
    if (previous && (previous.ownerId !== course.ownerId || previous.seq !== course.seq)) {
      this.delete(previous.id);
      previous = undefined;
    }
    this.#byId.set(course.id, course);
    const owner = this.#owner(course.ownerId);
    if (!previous) {
      insertBySeq(owner.all, course);
      insertBySeq(this.#statusList(owner, course.status), course);
    } else if (previous.status === course.status) {
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
    const owner = this.#owner(course.ownerId);
    removeBySeq(owner.all, course.seq);
    removeBySeq(this.#statusList(owner, course.status), course.seq);
    if (owner.all.length === 0) this.#byOwner.delete(course.ownerId);
  }

  #owner(ownerId: string): OwnerCourses {
    let owner = this.#byOwner.get(ownerId);
    if (!owner) {
      owner = { all: [], byStatus: new Map() };
      this.#byOwner.set(ownerId, owner);
    }
    return owner;
  }

  #statusList(owner: OwnerCourses, status: CourseStatus): CourseRecord[] {
    let items = owner.byStatus.get(status);
    if (!items) {
      items = [];
      owner.byStatus.set(status, items);
    }
    return items;
  }
}
