// Child process: a bare node:http server answering the benchmark's requests with our server's
// exact bodies (see fixtures.ts), re-serialised per request as any real handler would, and headers.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { announce } from '../servers/announce.ts';
import { baselineAnswers, readBody } from './fixtures.ts';

const answers = baselineAnswers();
const { headers } = answers;

/** One `writeHead` of a header list, as our server writes its answers. */
function send(res: ServerResponse, status: number, list: string[], body?: string): void {
  res.writeHead(
    status,
    body === undefined ? list : list.concat('content-length', String(Buffer.byteLength(body))),
  );
  res.end(body);
}

const server = createServer((req, res) => {
  if (req.method === 'POST') {
    readBody(req).then(
      (text) => {
        const course = answers.created(JSON.parse(text) as { name: string; description: string });
        const location = ['location', `/api/v1/courses/${course.id}`];
        send(res, 201, headers.created.concat(location), JSON.stringify(course));
      },
      () => {
        res.writeHead(400).end();
      },
    );
    return;
  }
  if (!req.url?.startsWith('/api/v1/courses/')) {
    send(res, 200, headers.list, JSON.stringify(answers.list));
    return;
  }
  if (req.headers['if-none-match'] === answers.etag) {
    send(res, 304, headers.notModified);
    return;
  }
  send(res, 200, headers.one, JSON.stringify(answers.one));
});

server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  announce(`http://127.0.0.1:${port}`, () => new Promise<void>((resolve) => server.close(() => resolve())));
});
