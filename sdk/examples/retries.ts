import { APITimeoutError, APIUserAbortError, createCourseClient } from '../index.ts';

const baseUrl = process.env.COURSE_SERVICE_URL ?? 'http://localhost:3000';
const apiKey = process.env.COURSE_SERVICE_API_KEY;

// Connection errors, 408, 429 and 5xx are retried with backoff (2 retries unless you say otherwise),
// honouring `Retry-After`. Each attempt may take `timeout` milliseconds.
const client = createCourseClient({ baseUrl, apiKey, maxRetries: 3, timeout: 10_000 });

// Creating calls carry an `Idempotency-Key`, generated unless you pass one, so a retried create
// never creates twice. Passing your own makes a retry safe across processes too.
const idempotencyKey = crypto.randomUUID();
const first = await client.courses.create({ name: 'Compilers', description: '' }, { idempotencyKey });
const again = await client.courses.create({ name: 'Compilers', description: '' }, { idempotencyKey });
console.log(first.id === again.id); // true: the second call replayed the first

// Per-call timeout and retries, and cancellation with an AbortSignal.
try {
  const course = await client.courses.get(first.id, { timeout: 2_000, maxRetries: 0 });
  console.log(course.name); // Compilers
  await client.courses.get(first.id, { signal: AbortSignal.abort() });
} catch (error) {
  if (error instanceof APITimeoutError) console.log('no answer in 2 s');
  else if (error instanceof APIUserAbortError) console.log('aborted');
  else throw error;
}
