import { createCourseClient } from '../index.ts';

const baseUrl = process.env.COURSE_SERVICE_URL ?? 'http://localhost:3000';

// Your identity provider's sign-in; here the development provider of `npm start`.
async function signIn(): Promise<string> {
  const response = await fetch(`${baseUrl}/dev/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ sub: 'hooks-example' }),
  });
  return ((await response.json()) as { idToken: string }).idToken;
}

let idToken = 'an ID token that has expired';
const traceId = crypto.randomUUID().replaceAll('-', '');

const admin = createCourseClient({
  baseUrl,
  idToken: () => idToken,
  // Tracing: every attempt carries a W3C `traceparent` of its own, in one trace.
  onRequest: (request, { operationId, attempt }) => {
    const spanId = crypto.randomUUID().replaceAll('-', '').slice(0, 16);
    request.headers.set('traceparent', `00-${traceId}-${spanId}-01`);
    console.log(`${operationId} attempt ${attempt}`);
  },
  // Token refresh: a 401 gets a fresh token and another attempt, which asks `idToken` again.
  onResponse: async (response, { attempt, retry }) => {
    if (response.status === 401 && attempt === 1) {
      idToken = await signIn();
      retry();
    }
  },
});

const page = await admin.apiKeys.listPage();
console.log(page.data.length); // listApiKeys attempt 1, listApiKeys attempt 2 (after the 401), then 0
