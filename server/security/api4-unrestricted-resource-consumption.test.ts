import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server/harness.ts';

/** Opens a raw TCP connection to the server, collecting what it answers until it closes. */
function rawConnection(url: string): Promise<{ socket: Socket; closed: Promise<string> }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      let received = '';
      socket.on('data', (chunk) => {
        received += chunk;
      });
      resolve({ socket, closed: new Promise((done) => socket.on('close', () => done(received))) });
    });
    socket.on('error', reject);
  });
}

// API4:2023 Unrestricted resource consumption: bodies, pages, nesting, slow clients and many
// connections are all bounded, and the limits answer with the declared problems.
describe('API4 unrestricted resource consumption', () => {
  let server: TestServer;
  let key: string;
  beforeAll(async () => {
    server = await startTestServer({
      HEADERS_TIMEOUT_MS: '300',
      REQUEST_TIMEOUT_MS: '600',
      BODY_LIMIT_BYTES: '2048',
    });
    key = await server.apiKey('alice');
  });
  afterAll(() => server.close());

  it('refuses a body past BODY_LIMIT_BYTES with 413, announced or streamed', async () => {
    const big = JSON.stringify({ name: 'x', description: 'y'.repeat(3000) });
    const announced = await server.call('POST', '/api/v1/courses', { bearer: key, body: big });
    expect(announced.status).toBe(413);
    expect(announced.body.code).toBe('payload_too_large');
    const streamed = await fetch(`${server.url}/api/v1/courses`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: new Blob([big]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
  });

  it('caps a page at 100 items and refuses a larger limit', async () => {
    expect((await server.call('GET', '/api/v1/courses?limit=101', { bearer: key })).status).toBe(400);
    expect((await server.call('GET', '/api/v1/courses?limit=100000000000', { bearer: key })).status).toBe(
      400,
    );
    expect((await server.call('GET', '/api/v1/courses?limit=100', { bearer: key })).status).toBe(200);
  });

  it('refuses deeply nested JSON within the size limit without harm', async () => {
    const deep = `${'['.repeat(1000)}${']'.repeat(1000)}`;
    const response = await server.call('POST', '/api/v1/courses', { bearer: key, body: deep });
    expect(response.status).toBe(400);
    expect((await server.call('GET', '/healthz')).status).toBe(200);
  });

  it('closes a connection whose headers never finish (slow-loris) after HEADERS_TIMEOUT_MS', async () => {
    const { socket, closed } = await rawConnection(server.url);
    socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
    const drip = setInterval(() => socket.write('a'), 50);
    const answer = await closed;
    clearInterval(drip);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a connection whose body never finishes after REQUEST_TIMEOUT_MS', async () => {
    const { socket, closed } = await rawConnection(server.url);
    socket.write(
      `POST /api/v1/courses HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"name":`,
    );
    const answer = await closed;
    expect(answer === '' || /^HTTP\/1\.1 408/.test(answer)).toBe(true);
    expect(socket.destroyed).toBe(true);
  });

  it('keeps answering while 200 idle connections are open, and drops the idle ones', async () => {
    const idle = await Promise.all(Array.from({ length: 200 }, () => rawConnection(server.url)));
    expect((await server.call('GET', '/healthz')).status).toBe(200);
    // Connections that never send a request are closed by the headers timeout too.
    await Promise.all(idle.map((connection) => connection.closed));
    expect(idle.every((connection) => connection.socket.destroyed)).toBe(true);
  });
});
