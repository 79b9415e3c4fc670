import { createCourseClient } from '../index.ts';
import { zCourse, zCourseCreate, zListCoursesQuery } from '../zod.ts';

const baseUrl = process.env.COURSE_SERVICE_URL ?? 'http://localhost:3000';
const client = createCourseClient({ baseUrl, apiKey: process.env.COURSE_SERVICE_API_KEY });

// Check a form's input with the contract's own rules before sending it.
const form = { name: '   ', description: 'Forms, validated.' };
const input = zCourseCreate.safeParse(form);
if (!input.success) console.log(input.error.issues.map((issue) => issue.path.join('.')).join(', ')); // name

// Parse what came back, e.g. from a cache or another service, into the typed course.
const created = await client.courses.create({ name: 'Forms', description: form.description });
const course = zCourse.parse(JSON.parse(JSON.stringify(created)));
console.log(course.status); // draft

// Query parameters too: `limit` is 1 to 100, and defaults to 20.
console.log(zListCoursesQuery.parse({}).limit, zListCoursesQuery.safeParse({ limit: 500 }).success); // 20 false
