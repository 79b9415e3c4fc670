import { createCourseClient } from '../index.ts';

const baseUrl = process.env.COURSE_SERVICE_URL ?? 'http://localhost:3000';

// An ID token from your identity provider. `npm start` runs a development provider that issues one.
const tokenResponse = await fetch(`${baseUrl}/dev/token`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ sub: 'alice' }),
});
const { idToken } = (await tokenResponse.json()) as { idToken: string };

// Key management takes the ID token...
const admin = createCourseClient({ baseUrl, idToken });
const { key } = await admin.apiKeys.create({
  name: 'Quick start',
  scopes: ['courses:read', 'courses:write'],
});

// ...and course calls take an API key, sent as `Authorization: Bearer` (or `X-API-Key` on request).
const client = createCourseClient({ baseUrl, apiKey: key });
const headerClient = createCourseClient({ baseUrl, apiKey: key, apiKeyHeader: true });

const course = await client.courses.create({ name: 'Introduction to Databases', description: 'SQL.' });
const published = await headerClient.courses.publish(course.id);
console.log(published.id, published.status); // crs_… published
console.log(`export COURSE_SERVICE_API_KEY=${key}`);
