import { createCourseClient, getHealth, RateLimitError } from '../index.ts';

const baseUrl = process.env.COURSE_SERVICE_URL ?? 'http://localhost:3000';
const client = createCourseClient({ baseUrl, apiKey: process.env.COURSE_SERVICE_API_KEY });

// `withResponse()` gives the quota after this call, the request id and the raw Response.
const { data, rateLimit, requestId, response } = await client.courses.listPage().withResponse();
console.log(data.data.length, response.status, requestId);
console.log(`${rateLimit?.remaining} of ${rateLimit?.limit} left; resets in ${rateLimit?.resetSeconds} s`);

// The client also remembers the quota of its latest response.
console.log(client.lastRateLimit?.policy); // courses

// When retries could not wait out the limit, the error says how long to wait.
try {
  await client.courses.listPage({}, { maxRetries: 0 });
} catch (error) {
  if (!(error instanceof RateLimitError)) throw error;
  console.log(`retry in ${error.retryAfterSeconds} s`);
}

// The generated functions stay available; `client.raw` lends them this client's setup.
const health = await getHealth({ client: client.raw, throwOnError: true });
console.log(health.data.status); // ok
