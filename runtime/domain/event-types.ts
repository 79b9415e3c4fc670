// The event types of the feed and of webhooks, as the spec's `EventType` and `TestEvent` name them.

/** What the feed records: every course change, and every key created, rolled or revoked. */
export const FEED_EVENT_TYPES = [
  'course.created',
  'course.updated',
  'course.published',
  'course.archived',
  'course.restored',
  'course.deleted',
  'api_key.created',
  'api_key.rolled',
  'api_key.revoked',
] as const;

export type FeedEventType = (typeof FEED_EVENT_TYPES)[number];

/** The event `sendTestWebhookEvent` sends one endpoint; never in the feed. */
export const TEST_EVENT_TYPE = 'webhook.test';

export type AccountEventType = FeedEventType | typeof TEST_EVENT_TYPE;

/** Whether an endpoint subscribed to `eventTypes` (`['*']` for all) receives `type`; a test event goes only where it is sent. */
export function subscribes(eventTypes: readonly string[], type: AccountEventType): boolean {
  if (type === TEST_EVENT_TYPE) return false;
  return eventTypes.includes('*') || eventTypes.includes(type);
}
