import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server/harness.ts';
import { uploadWhileAnswered } from '../../test-support/server/uploading-client.ts';

// Answers sent before the body is read (413, 415, 401, 408) and Node's own refusals (431, 400) must
// reach a client that is still sending: the server reads and discards the rest before it closes,
// so the client never meets a reset mid-upload, and every such answer is the service's problem.
const TEN_MB = 10 * 1024 * 1024;

function head(lines: string[]): string {
  return `${['POST /api/v1/courses HTTP/1.1', 'Host: localhost', ...lines].join('\r\n')}\r\n\r\n`;
}

/** The status line, the headers (lower-cased names) and the JSON body of a raw answer. */
function parse(answer: string) {
  const [top = '', body = ''] = answer.split('\r\n\r\n');
  const [statusLine = '', ...lines] = top.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [
      line.slice(0, line.indexOf(':')).toLowerCase(),
      line.slice(line.indexOf(':') + 1).trim(),
    ]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) };
}

function expectProblem(answer: string, status: number, code: string) {
  const { status: got, headers, body } = parse(answer);
  expect({ status: got, code: body.code }).toEqual({ status, code });
  expect(headers['content-type']).toBe('application/problem+json');
  expect(headers.connection).toBe('close');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(body.requestId).toBe(headers['x-request-id']);
}

describe('answers that reach a client still sending its body', () => {
  let server: TestServer;
  let key: string;
  beforeAll(async () => {
    server = await startTestServer({ BODY_LIMIT_BYTES: '65536' });
    key = await server.apiKey('uploader');
  });
  afterAll(() => server.close());

  const json = 'Content-Type: application/json';
  it.each([
    [
      '413 for a Content-Length past the limit',
      () => [`Authorization: Bearer ${key}`, json, `Content-Length: ${TEN_MB}`],
      false,
      413,
      'payload_too_large',
    ],
    [
      '413 for a chunked body that grows past it',
      () => [`Authorization: Bearer ${key}`, json, 'Transfer-Encoding: chunked'],
      true,
      413,
      'payload_too_large',
    ],
    [
      '415 for a body that is not JSON',
      () => [`Authorization: Bearer ${key}`, 'Content-Type: text/plain', `Content-Length: ${TEN_MB}`],
      false,
      415,
      'unsupported_media_type',
    ],
    [
      '401 for a body without a credential',
      () => [json, `Content-Length: ${TEN_MB}`],
      false,
      401,
      'authentication_required',
    ],
  ] as const)('%s, while 10 MB keep coming', async (_name, lines, chunked, status, code) => {
    const outcome = await uploadWhileAnswered(server.url, head(lines()), { bytes: TEN_MB, chunked });
    expect({ error: outcome.error, sent: outcome.sent }).toEqual({ error: undefined, sent: TEN_MB });
    expectProblem(outcome.answer, status, code);
  });

  it.each([
    ['announced by Content-Length', false],
    ['streamed in chunks', true],
  ])(
    '413 from the MCP endpoint, which reads the body itself, %s (found by fuzzing: it reset the client)',
    async (_name, chunked) => {
      const mcp = [
        'POST /mcp HTTP/1.1',
        'Host: localhost',
        `Authorization: Bearer ${key}`,
        'Content-Type: application/json',
        'Accept: application/json, text/event-stream',
        chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${TEN_MB}`,
      ];
      const outcome = await uploadWhileAnswered(server.url, `${mcp.join('\r\n')}\r\n\r\n`, {
        bytes: TEN_MB,
        chunked,
      });
      expect({ error: outcome.error, sent: outcome.sent }).toEqual({ error: undefined, sent: TEN_MB });
      expect(outcome.answer).toMatch(/^HTTP\/1\.1 413 /);
    },
  );

  it('keeps serving on other connections meanwhile', async () => {
    const uploads = Array.from({ length: 3 }, () =>
      uploadWhileAnswered(
        server.url,
        head([`Authorization: Bearer ${key}`, json, `Content-Length: ${TEN_MB}`]),
        {
          bytes: TEN_MB,
        },
      ),
    );
    expect((await server.call('GET', '/healthz')).status).toBe(200);
    for (const outcome of await Promise.all(uploads)) expect(outcome.error).toBeUndefined();
  });
});

describe("Node's own refusals, as the service's problems", () => {
  let server: TestServer;
  let key: string;
  beforeAll(async () => {
    server = await startTestServer({ HEADERS_TIMEOUT_MS: '300', REQUEST_TIMEOUT_MS: '600' });
    key = await server.apiKey('slow');
  });
  afterAll(() => server.close());

  it('408 for a body too slow, reaching a client that keeps sending after it', async () => {
    let answeredAt = 0;
    const outcome = await uploadWhileAnswered(
      server.url,
      head([`Authorization: Bearer ${key}`, 'Content-Type: application/json', 'Content-Length: 60000']),
      {
        bytes: 60_000,
        chunkBytes: 1024,
        pauseMs: 20,
        // Go on sending for 400 ms after the answer arrives, as a client busy uploading does.
        stopWhen: (answer) => {
          answeredAt ||= answer ? Date.now() : 0;
          return answeredAt > 0 && Date.now() - answeredAt > 400;
        },
      },
    );
    expect(outcome.error).toBeUndefined();
    expectProblem(outcome.answer, 408, 'request_timeout');
    expect(parse(outcome.answer).body.instance).toBe('/api/v1/courses');
    // The request cut short ends as the client's mistake: nothing is logged as an error of ours.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.logs.filter((line) => /"level":(50|60)/.test(line))).toEqual([]);
    expect(
      server.logs.some((line) => line.includes('"status":400') && line.includes('/api/v1/courses')),
    ).toBe(true);
  });

  it('431 for a 64 kB URL, and for headers past 16 KiB', async () => {
    const longUrl = await uploadWhileAnswered(
      server.url,
      `GET /api/v1/courses?q=${'a'.repeat(65_536)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      {
        bytes: 0,
      },
    );
    expect(longUrl.error).toBeUndefined();
    expectProblem(longUrl.answer, 431, 'headers_too_large');
    expect(longUrl.answer).not.toContain('aaaa');
    const headers = Array.from({ length: 200 }, (_, i) => `X-Filler-${i}: ${'b'.repeat(100)}`);
    const many = await uploadWhileAnswered(
      server.url,
      `GET /healthz HTTP/1.1\r\nHost: x\r\n${headers.join('\r\n')}\r\n\r\n`,
      {
        bytes: 0,
      },
    );
    expectProblem(many.answer, 431, 'headers_too_large');
  });

  it.each([
    ['a malformed request line', 'GARBAGE\r\n\r\n'],
    ['a header without a colon', 'GET /healthz HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n'],
    [
      'conflicting body framing',
      'POST /api/v1/courses HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello',
    ],
  ])('400 malformed_request for %s', async (_name, request) => {
    const outcome = await uploadWhileAnswered(server.url, request, { bytes: 0 });
    expectProblem(outcome.answer, 400, 'malformed_request');
    expect(outcome.answer).not.toMatch(/HPE_|at .*\.js/);
  });
});
