import { createCourseClient, type Event, type EventList } from '../index.ts';

const baseUrl = process.env.COURSE_SERVICE_URL ?? 'http://localhost:3000';
const client = createCourseClient({ baseUrl, apiKey: process.env.COURSE_SERVICE_API_KEY });

// Where the last poll stopped: keep it with what you did (a database row), and start from it next
// time. `undefined` starts from the oldest event kept (30 days).
let cursor: string | undefined;

async function poll(): Promise<Event[]> {
  const handled: Event[] = [];
  let page: EventList;
  do {
    page = await client.events.listPage({ cursor, limit: 100 });
    handled.push(...page.data); // handle each event here
    cursor = page.nextCursor; // never null: an empty page gives back the cursor it was asked with
  } while (page.hasMore);
  return handled;
}

const course = await client.courses.create({ name: 'Astronomy', description: '' });
await client.courses.publish(course.id);
console.log((await poll()).map((event) => event.type).join(' ')); // api_key.created course.created course.published

await client.courses.archive(course.id);
console.log((await poll()).map((event) => event.type).join(' ')); // course.archived
console.log((await poll()).length); // 0: nothing happened since

// `list()` iterates over every event after a cursor, page by page, until there are no more for now.
for await (const event of client.events.list({ type: 'course.published' })) {
  // `type` tells what `data` is: here, the course as it was once published.
  if (event.type === 'course.published') console.log(event.data.name, event.data.status); // Astronomy published
  // An event's id is the `webhook-id` of its deliveries: `events.get(id)` reads it again.
  console.log((await client.events.get(event.id)).timestamp === event.timestamp); // true
}
