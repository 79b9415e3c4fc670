import { createCourseClient, type Logger } from '../index.ts';

const baseUrl = process.env.COURSE_SERVICE_URL ?? 'http://localhost:3000';
const apiKey = process.env.COURSE_SERVICE_API_KEY;

// Any object with error, warn, info and debug methods takes the lines: console (the default), a
// pino or winston logger. This one keeps them.
const lines: string[] = [];
const keep = (line: string) => {
  lines.push(line);
};
const logger: Logger = { error: keep, warn: keep, info: keep, debug: keep };

// `debug` logs every attempt: method, path, status, duration, and each retry with its reason.
// Credentials are redacted and bodies never logged. `COURSE_SERVICE_LOG=debug` does the same.
const client = createCourseClient({ baseUrl, apiKey, logLevel: 'debug', logger });
await client.courses.listPage({ limit: 1 });

for (const line of lines) console.log(line);
// course-service: listCourses attempt 1: GET /api/v1/courses?limit=1 {"authorization":"[redacted]"}
// course-service: listCourses attempt 1: 200 in 4 ms, request id 4f1c…
console.log(lines.some((line) => apiKey !== undefined && line.includes(apiKey))); // false
