import { BadRequestError, createCourseClient, NotFoundError } from '../index.ts';

const baseUrl = process.env.COURSE_SERVICE_URL ?? 'http://localhost:3000';
const apiKey = process.env.COURSE_SERVICE_API_KEY;
const client = createCourseClient({ baseUrl, apiKey });

// Calls throw by default: one error class per status family, with the problem's fields.
try {
  await client.courses.get('crs_0000000000000000');
} catch (error) {
  if (!(error instanceof NotFoundError)) throw error;
  console.log(error.status, error.code, error.requestId); // 404 not_found 4f1c…
}

// A validation problem names every offending field.
try {
  await client.courses.create({ name: 'x'.repeat(201), description: '' });
} catch (error) {
  if (!(error instanceof BadRequestError)) throw error;
  for (const field of error.errors) console.log(field.location, field.pointer, field.detail);
}

// Or take `{ data, error }` results instead of exceptions.
const safe = createCourseClient({ baseUrl, apiKey, throwOnError: false });
const { data, error } = await safe.courses.get('crs_0000000000000000');
if (error)
  console.log(error.name, error.detail); // NotFoundError No course 'crs_…' exists.
else console.log(data.name);
