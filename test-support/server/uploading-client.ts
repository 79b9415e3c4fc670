import { connect } from 'node:net';

/** What a client that kept sending saw: the answer, whether its upload failed, how much it sent. */
export interface UploadOutcome {
  /** Everything the server sent before the connection closed. */
  answer: string;
  /** The socket error the client met (`EPIPE`, `ECONNRESET`: a reset while it was sending), if any. */
  error: string | undefined;
  /** Body bytes the client wrote. */
  sent: number;
}

/** How the client sends its body after `head`. */
export interface UploadPlan {
  /** Body bytes to send. */
  bytes: number;
  /** Frame the body as chunked transfer encoding (the head must say so). */
  chunked?: boolean;
  /** Wait this long between chunks (a slow client); none by default. */
  pauseMs?: number;
  /** Size of each chunk; 64 KiB by default. */
  chunkBytes?: number;
  /** Called with each answer byte received, to end the upload early (e.g. some time after the answer). */
  stopWhen?: (answer: string) => boolean;
}

/**
 * Opens a raw TCP connection to `url`, sends `head` (request line and headers, ending in an empty
 * line) and then a body as a client that keeps sending does, whatever the server answers
 * meanwhile: with backpressure, to the last byte, then ends its side. Resolves once the server
 * closes the connection.
 *
 * @example const outcome = await uploadWhileAnswered(server.url, 'POST / HTTP/1.1\r\n…\r\n\r\n', { bytes: 10e6 });
 */
export function uploadWhileAnswered(url: string, head: string, plan: UploadPlan): Promise<UploadOutcome> {
  const { hostname, port } = new URL(url);
  const chunkBytes = plan.chunkBytes ?? 65_536;
  return new Promise((resolve) => {
    const outcome: UploadOutcome = { answer: '', error: undefined, sent: 0 };
    // Half-open: the server's FIN (its answer is complete) must not end the client's upload.
    const socket = connect({ port: Number(port), host: hostname, allowHalfOpen: true });
    const chunk = Buffer.alloc(chunkBytes, 'x');
    let stopped = false;
    socket.on('data', (data) => {
      outcome.answer += data;
      if (plan.stopWhen?.(outcome.answer)) stopped = true;
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      outcome.error ??= error.code ?? error.message;
    });
    socket.on('close', () => resolve(outcome));
    const pump = () => {
      while (!socket.destroyed) {
        if (outcome.sent >= plan.bytes || stopped) {
          if (plan.chunked) socket.end('0\r\n\r\n');
          else socket.end();
          return;
        }
        const size = Math.min(chunkBytes, plan.bytes - outcome.sent);
        const data = chunk.subarray(0, size);
        const framed = plan.chunked ? [`${size.toString(16)}\r\n`, data, '\r\n'] : [data];
        let room = true;
        for (const part of framed) room = socket.write(part);
        outcome.sent += size;
        if (plan.pauseMs) {
          setTimeout(pump, plan.pauseMs);
          return;
        }
        if (!room) {
          socket.once('drain', pump);
          return;
        }
      }
    };
    socket.once('connect', () => {
      socket.write(head);
      pump();
    });
  });
}
