import { createCourseClient } from '../index.ts';

const baseUrl = process.env.COURSE_SERVICE_URL ?? 'http://localhost:3000';
const client = createCourseClient({ baseUrl, apiKey: process.env.COURSE_SERVICE_API_KEY });

for (const name of ['Algebra', 'Biology', 'Chemistry']) {
  await client.courses.create({ name, description: '' });
}

// Every matching course across all pages; the next page is fetched when the loop needs it.
for await (const course of client.courses.list({ status: 'draft', limit: 2 })) {
  console.log(course.name);
}

// Or one page at a time.
const page = await client.courses.listPage({ limit: 2 });
console.log(page.data.length, page.hasMore); // 2 true
const next = await client.courses.listPage({ limit: 2, cursor: page.nextCursor ?? undefined });
console.log(next.data.length);
