// Child process: a bare node:http server answering the benchmark's requests with our server's
// exact bodies (see fixtures.ts), re-serialised per request as any real handler would.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { announce } from '../servers/announce.ts';
import { baselineAnswers, readBody } from './fixtures.ts';

const answers = baselineAnswers();

const server = createServer((req, res) => {
  if (req.method === 'POST') {
    readBody(req).then(
      (text) => {
        const course = answers.created(JSON.parse(text) as { name: string; description: string });
        const body = JSON.stringify(course);
        res.writeHead(201, { 'content-type': 'application/json', location: `/api/v1/courses/${course.id}` });
        res.end(body);
      },
      () => {
        res.writeHead(400).end();
      },
    );
    return;
  }
  if (!req.url?.startsWith('/api/v1/courses/')) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answers.list));
    return;
  }
  if (req.headers['if-none-match'] === answers.etag) {
    res.writeHead(304, { etag: answers.etag }).end();
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json', etag: answers.etag });
  res.end(JSON.stringify(answers.one));
});

server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  announce(`http://127.0.0.1:${port}`, () => new Promise<void>((resolve) => server.close(() => resolve())));
});
