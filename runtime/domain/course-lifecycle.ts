/** A course's state. */
export type CourseStatus = 'draft' | 'published' | 'archived';
/** An explicit lifecycle operation. */
export type CourseTransition = 'publish' | 'archive' | 'restore';

const TRANSITIONS: Record<CourseStatus, Partial<Record<CourseTransition, CourseStatus>>> = {
  draft: { publish: 'published', archive: 'archived' },
  published: { archive: 'archived' },
  archived: { restore: 'draft' },
};

/** The transitions allowed from `status`, in a stable order. */
export function allowedTransitions(status: CourseStatus): CourseTransition[] {
  return Object.keys(TRANSITIONS[status]) as CourseTransition[];
}

/** The state `transition` leads to from `status`, or `undefined` when it is not allowed. */
export function nextStatus(status: CourseStatus, transition: CourseTransition): CourseStatus | undefined {
  return TRANSITIONS[status][transition];
}

/** Whether a course's name and description may be changed: archived courses are read-only. */
export function isEditable(status: CourseStatus): boolean {
  return status !== 'archived';
}

/** Whether a course may be deleted: a published course must be archived first. */
export function isDeletable(status: CourseStatus): boolean {
  return status !== 'published';
}
