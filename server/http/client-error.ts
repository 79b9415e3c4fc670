import { type ServerResponse, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { ApiError, problemAnswer } from '@course-service/runtime';
import type { ProblemCode } from '@course-service/runtime/domain/problems';
import { lingeringClose } from './lingering-close.ts';
import { SECURITY_HEADERS } from './security-headers.ts';

/** Node's parser and timeout errors, as the service's problems; any other parser error is a 400. */
const PROBLEMS: Readonly<Record<string, [ProblemCode, string]>> = {
  HPE_HEADER_OVERFLOW: [
    'headers_too_large',
    'The request line and headers exceed 16 KiB. Send a shorter URL and fewer or shorter headers.',
  ],
  ERR_HTTP_REQUEST_TIMEOUT: [
    'request_timeout',
    'The request did not arrive in time (headers, then the whole request). Send it again, without pauses.',
  ],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: ['payload_too_large', 'The chunk extensions of the body are too large.'],
};
const MALFORMED: [ProblemCode, string] = [
  'malformed_request',
  'The request is not well-formed HTTP/1.1 (its request line, a header or the body framing).',
];

/** Sockets already answered: after an error Node's parser reports every further byte as one. */
const answered = new WeakSet<Socket>();

/** The path of the request a timeout cut short, if there is one; `/` for what never parsed. */
function pathOf(inFlight: ServerResponse | undefined): string {
  const url = inFlight?.req?.url;
  if (!url) return '/';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * The HTTP server's `clientError` hook: Node's own refusals (`431` for a request line and headers
 * past its limit, `400` for a malformed request, `408` for a request too slow) answered as the
 * service's problems, rendered by the core's one renderer, with the security headers, a request id
 * and `Connection: close`, then a {@link lingeringClose}. Nothing is written when the client is
 * gone or an answer has already started.
 *
 * @example server.on('clientError', clientErrorHandler(() => crypto.randomUUID()));
 */
export function clientErrorHandler(newId: () => string): (error: Error, socket: Socket) => void {
  return (error, socket) => {
    if (answered.has(socket)) return;
    answered.add(socket);
    // Node keeps the response it was writing on the socket; its headers may be on the wire already.
    const inFlight = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const [problem, detail] = PROBLEMS[code] ?? MALFORMED;
    const answer = problemAnswer(new ApiError(problem, detail), pathOf(inFlight), newId());
    const body = answer.body as string;
    const lines = [`HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status]}`];
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) lines.push(`${name}: ${value}`);
    for (let i = 0; i < answer.headers.length; i += 2)
      lines.push(`${answer.headers[i]}: ${answer.headers[i + 1]}`);
    lines.push(`Content-Length: ${Buffer.byteLength(body)}`, 'Connection: close', '', body);
    socket.write(lines.join('\r\n'));
    lingeringClose(socket);
  };
}
