import { AuthenticationError, createCourseClient, PermissionDeniedError } from '../index.ts';

const baseUrl = process.env.COURSE_SERVICE_URL ?? 'http://localhost:3000';

// A credential may be a function: it is called before every request, so an ID token that expires
// is fetched afresh. Here, from the development identity provider of `npm start`.
async function freshIdToken(): Promise<string> {
  const response = await fetch(`${baseUrl}/dev/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ sub: 'reporting-team' }),
  });
  return ((await response.json()) as { idToken: string }).idToken;
}
const admin = createCourseClient({ baseUrl, idToken: freshIdToken });

// A read-only key for a reporting job; its value is in this response only.
const { id, key, start } = await admin.apiKeys.create({ name: 'Reporting job', scopes: ['courses:read'] });
const reader = createCourseClient({ baseUrl, apiKey: key });
console.log((await reader.courses.listPage()).data.length); // 0

// A call outside its scopes answers 403, naming what is missing.
try {
  await reader.courses.create({ name: 'Not allowed', description: '' });
} catch (error) {
  if (!(error instanceof PermissionDeniedError)) throw error;
  console.log(error.code, error.problem?.missingScopes?.join(' ')); // insufficient_scope courses:write
}

// The account's keys: values never come back, only their first characters (`start`).
for await (const apiKey of admin.apiKeys.list()) console.log(apiKey.name, apiKey.start === start);

// Revoked, the key is refused from the very next request.
await admin.apiKeys.revoke(id);
try {
  await reader.courses.listPage();
} catch (error) {
  if (!(error instanceof AuthenticationError)) throw error;
  console.log(error.code); // api_key_revoked
}
