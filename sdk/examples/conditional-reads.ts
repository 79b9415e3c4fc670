import { createCourseClient, NotModified } from '../index.ts';

const baseUrl = process.env.COURSE_SERVICE_URL ?? 'http://localhost:3000';
const client = createCourseClient({ baseUrl, apiKey: process.env.COURSE_SERVICE_API_KEY });

const { id } = await client.courses.create({ name: 'Statistics', description: 'Inference.' });
// Keep the course together with its ETag.
let { data: course, etag } = await client.courses.get(id).withResponse();

// Later: ask again with the ETag. Unchanged, the server answers 304 with no body.
const again = await client.courses.get(id, { ifNoneMatch: etag });
console.log(again instanceof NotModified); // true: `course` is still current

await client.courses.update(id, { name: 'Statistics I' });
const changed = await client.courses.get(id, { ifNoneMatch: etag }).withResponse();
if (!(changed.data instanceof NotModified)) ({ data: course, etag } = changed);
console.log(course.name); // Statistics I

// Pages work the same way: `listPage(params, { ifNoneMatch })`.
const page = await client.courses.listPage({ limit: 5 }).withResponse();
console.log((await client.courses.listPage({ limit: 5 }, { ifNoneMatch: page.etag })) instanceof NotModified);
