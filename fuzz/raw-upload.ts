import { isIP } from 'node:net';
import type { ResponseSnapshot } from '@course-service/contract-tests';
import { uploadWhileAnswered } from '../test-support/server/uploading-client.ts';

/** Whether `baseUrl` is a plain-HTTP server at an address (the built-in server; not the mocks' made-up host). */
export function onTheNetwork(baseUrl: string): boolean {
  const { protocol, hostname } = new URL(baseUrl);
  return protocol === 'http:' && (hostname === 'localhost' || isIP(hostname.replace(/^\[|\]$/g, '')) !== 0);
}

/** A raw HTTP/1.1 answer as a snapshot (a chunked body decoded). */
function parseAnswer(answer: string): ResponseSnapshot {
  const end = answer.indexOf('\r\n\r\n');
  if (end === -1) throw new Error(`no complete answer: ${JSON.stringify(answer.slice(0, 80))}`);
  const [statusLine = '', ...lines] = answer.slice(0, end).split('\r\n');
  const headers = new Headers();
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers.append(line.slice(0, colon), line.slice(colon + 1).trim());
  }
  let body = answer.slice(end + 4);
  if (headers.get('transfer-encoding') === 'chunked') {
    let decoded = '';
    for (let at = 0; ; ) {
      const lineEnd = body.indexOf('\r\n', at);
      const size = Number.parseInt(body.slice(at, lineEnd), 16);
      if (!(size > 0)) break;
      decoded += body.slice(lineEnd + 2, lineEnd + 2 + size);
      at = lineEnd + 2 + size + 2;
    }
    body = decoded;
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

/**
 * Uploads `bytes` of body to `path` over a raw socket, to the last byte whatever the server
 * answers meanwhile (fetch stops sending once it has an answer, so it never meets a reset): the
 * answer, and what went wrong with the upload, if anything.
 *
 * @example const { snapshot, cutShort } = await rawUpload(baseUrl, 'POST', '/api/v1/courses', headers, 10e6);
 */
export async function rawUpload(
  baseUrl: string,
  method: string,
  path: string,
  headers: [string, string][],
  bytes: number,
): Promise<{ snapshot: ResponseSnapshot; cutShort: string | undefined }> {
  const { host, pathname } = new URL(baseUrl);
  const lines = [`${method} ${pathname.replace(/\/$/, '')}${path} HTTP/1.1`, `Host: ${host}`];
  for (const [name, value] of headers) lines.push(`${name}: ${value}`);
  lines.push(`Content-Length: ${bytes}`);
  const outcome = await uploadWhileAnswered(baseUrl, `${lines.join('\r\n')}\r\n\r\n`, { bytes });
  const cutShort =
    outcome.error || outcome.sent < bytes
      ? `the upload met ${outcome.error ?? 'a closed connection'} after ${outcome.sent} of ${bytes} bytes`
      : undefined;
  return { snapshot: parseAnswer(outcome.answer), cutShort };
}
