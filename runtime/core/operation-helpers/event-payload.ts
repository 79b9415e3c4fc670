// The events the course and key writes record: one payload builder, so the feed, webhooks and the
// spec's `CourseEvent` / `ApiKeyChangeEvent` agree byte for byte.
import type { KeyEnvironment } from '../../domain/api-key-format.ts';
import type { AccountEventType, FeedEventType } from '../../domain/event-types.ts';
import type { ApiKeyRecord, CourseRecord, EventDraft } from '../model/store.ts';
import type { OperationDeps } from './operation.ts';
import { apiKeyView, courseView } from './representations.ts';

type CourseEventType = Extract<FeedEventType, `course.${string}`>;
type ApiKeyEventType = Extract<FeedEventType, `api_key.${string}`>;

/**
 * An event as JSON text, `{"id","type","timestamp","environment","data"}` in that order: what the
 * store keeps, the feed serves and webhooks post.
 *
 * @example eventPayload({ id: 'evt_…', type: 'course.created', createdAt }, 'prod', courseView(course))
 */
export function eventPayload(
  event: { id: string; type: AccountEventType; createdAt: string },
  environment: KeyEnvironment,
  data: unknown,
): string {
  return JSON.stringify({ id: event.id, type: event.type, timestamp: event.createdAt, environment, data });
}

/** The draft of a course event made now, its `data` the course as the API shows it. */
export function courseEvent(
  type: CourseEventType,
  { ids, clock }: Pick<OperationDeps, 'ids' | 'clock'>,
  createdAt = clock().toISOString(),
): EventDraft<CourseRecord> {
  const event = { id: ids.eventId(), type, createdAt };
  return { ...event, payload: (course) => eventPayload(event, course.environment, courseView(course)) };
}

/** The draft of an API key event made at `now`, its `data` the key as the API shows it (never its value). */
export function apiKeyEvent(
  type: ApiKeyEventType,
  ids: OperationDeps['ids'],
  now: Date,
): EventDraft<ApiKeyRecord> {
  const event = { id: ids.eventId(), type, createdAt: now.toISOString() };
  return { ...event, payload: (key) => eventPayload(event, key.environment, apiKeyView(key, now)) };
}
