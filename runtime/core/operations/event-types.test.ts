import { expect, it } from 'vitest';
import { FEED_EVENT_TYPES, subscribes, TEST_EVENT_TYPE } from '../../domain/event-types.ts';
import { openApiDocument } from '../index.ts';

const schemas = (
  openApiDocument as unknown as { components: { schemas: Record<string, Record<string, unknown>> } }
).components.schemas;
const enumOf = (schema: string, property?: string) => {
  const found = schemas[schema] as {
    enum?: string[];
    properties?: Record<string, { enum?: string[]; const?: string }>;
  };
  return property
    ? (found.properties?.[property]?.enum ?? [found.properties?.[property]?.const])
    : found.enum;
};

it("the feed's event types are the spec's EventType, split between its course and key events", () => {
  expect([...FEED_EVENT_TYPES]).toEqual(enumOf('EventType'));
  expect([...(enumOf('CourseEvent', 'type') ?? []), ...(enumOf('ApiKeyChangeEvent', 'type') ?? [])]).toEqual([
    ...FEED_EVENT_TYPES,
  ]);
  expect(enumOf('TestEvent', 'type')).toEqual([TEST_EVENT_TYPE]);
  // Every type has its webhook in the spec, the test event included.
  const webhooks = Object.keys((openApiDocument as unknown as { webhooks: object }).webhooks);
  expect(webhooks).toEqual([...FEED_EVENT_TYPES, TEST_EVENT_TYPE]);
});

it('an endpoint receives the types it names, or all for *, and never a test event it was not sent', () => {
  expect(subscribes(['*'], 'course.created')).toBe(true);
  expect(subscribes(['course.created'], 'course.created')).toBe(true);
  expect(subscribes(['course.created'], 'course.deleted')).toBe(false);
  expect(subscribes(['*'], TEST_EVENT_TYPE)).toBe(false);
});
