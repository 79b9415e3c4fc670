// Child process: a bare node:http server answering the benchmark's requests with our server's
// exact bodies (see fixtures.ts), re-serialised per request as any real handler would, and headers.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { announce } from '../servers/announce.ts';
import { baselineAnswers, readBody, writeAnswer } from './fixtures.ts';

const answers = baselineAnswers();
const { headers } = answers;

const server = createServer((req, res) => {
  if (req.method === 'POST') {
    readBody(req).then(
      (text) => {
        const course = answers.created(JSON.parse(text) as { name: string; description: string });
        const location = ['location', `/api/v1/courses/${course.id}`];
        writeAnswer(res, 201, headers.created.concat(location), JSON.stringify(course));
      },
      () => {
        res.writeHead(400).end();
      },
    );
    return;
  }
  if (!req.url?.startsWith('/api/v1/courses/')) {
    writeAnswer(res, 200, headers.list, JSON.stringify(answers.list));
    return;
  }
  if (req.headers['if-none-match'] === answers.etag) {
    writeAnswer(res, 304, headers.notModified);
    return;
  }
  writeAnswer(res, 200, headers.one, JSON.stringify(answers.one));
});

server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  announce(`http://127.0.0.1:${port}`, () => new Promise<void>((resolve) => server.close(() => resolve())));
});
