import { ConflictError, createCourseClient } from '../index.ts';

const baseUrl = process.env.COURSE_SERVICE_URL ?? 'http://localhost:3000';
const tokenResponse = await fetch(`${baseUrl}/dev/token`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ sub: 'rotating-team' }),
});
const { idToken } = (await tokenResponse.json()) as { idToken: string };
const admin = createCourseClient({ baseUrl, idToken });
const old = await admin.apiKeys.create({ name: 'Backend', scopes: ['courses:read'] });

// One call: a new key with the old one's name, environment and scopes; the old key keeps working
// for an hour, while the application switches over.
const next = await admin.apiKeys.roll(old.id, { oldKeyExpiresIn: 3600 });
console.log(next.rolledFrom === old.id, next.name, next.scopes.join(' ')); // true Backend courses:read
for (const key of [old.key, next.key]) {
  const client = createCourseClient({ baseUrl, apiKey: key });
  console.log((await client.courses.listPage()).data.length); // 0, with either key
}

// The list shows where the old key went and when it stops.
const listed = (await admin.apiKeys.listPage()).data.find((key) => key.id === old.id);
console.log(listed?.rolledTo === next.id, listed?.expiresAt !== null); // true true

// A key is rolled once; the answer names the key that replaced it.
try {
  await admin.apiKeys.roll(old.id);
} catch (error) {
  if (!(error instanceof ConflictError)) throw error;
  console.log(error.code, error.problem?.rolledTo === next.id); // key_already_rolled true
}

// What happened to the old key, newest first, every page: rolled, then created, and by whom.
for await (const event of admin.apiKeys.events(old.id)) console.log(event.type, event.actor.subject);
// rolled_to rotating-team
// created rotating-team

// Its usage: requests per day by outcome (the last 7 days unless asked), and where they came from.
const { data, lastUsedFrom } = await admin.apiKeys.usage(old.id);
console.log(data[0]?.success, lastUsedFrom !== null); // 1 true
