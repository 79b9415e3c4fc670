import { createCourseClient } from '../index.ts';

const baseUrl = process.env.COURSE_SERVICE_URL ?? 'http://localhost:3000';
const tokenResponse = await fetch(`${baseUrl}/dev/token`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ sub: 'alice' }),
});
const { idToken } = (await tokenResponse.json()) as { idToken: string };
const admin = createCourseClient({ baseUrl, idToken });

// A test key (`cms_test_…`) acts on the account's sandbox: production data is out of its reach.
const { key } = await admin.apiKeys.create({ name: 'CI', environment: 'test' });
const sandbox = createCourseClient({ baseUrl, apiKey: key });
console.log(sandbox.environment); // test: read from the key itself, no request

// Every course and every answer says which environment it belongs to.
const { data, environment } = await sandbox.courses
  .create({ name: 'Fixture', description: 'Made by a test run.' })
  .withResponse();
console.log(data.environment, environment); // test test

// Empty the sandbox between runs (ID token only; production is never touched).
const { deletedCourses } = await admin.testData.reset();
console.log(deletedCourses >= 1);
