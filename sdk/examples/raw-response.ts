import { type CourseList, createCourseClient } from '../index.ts';

const baseUrl = process.env.COURSE_SERVICE_URL ?? 'http://localhost:3000';
const client = createCourseClient({ baseUrl, apiKey: process.env.COURSE_SERVICE_API_KEY });

// `asResponse()` resolves as soon as the headers arrive, with the body unread: stream it, hand the
// Response on as it is (a proxy, a server route), or read it. A failed call still rejects with its
// typed error, as awaiting it does.
const response = await client.courses.listPage({ limit: 10 }).asResponse();
console.log(response.status, response.headers.get('Content-Type')); // 200 application/json; charset=utf-8

const page = (await response.json()) as CourseList;
console.log(Array.isArray(page.data)); // true
