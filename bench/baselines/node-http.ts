// Child process: a bare node:http server answering the benchmark's requests with fixed JSON.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { announce } from '../servers/announce.ts';
import { courseFrom, coursePage, readBody } from './fixtures.ts';

const page = coursePage();
const one = page.data[0];

const server = createServer((req, res) => {
  if (req.method === 'POST') {
    readBody(req).then(
      (text) => {
        const course = courseFrom(JSON.parse(text) as { name: string; description: string });
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
  // Serialise per request, as any real handler does.
  const body = JSON.stringify(req.url?.startsWith('/api/v1/courses/') ? one : page);
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(body);
});

server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  announce(`http://127.0.0.1:${port}`, () => new Promise<void>((resolve) => server.close(() => resolve())));
});
