import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

/** How long a closing connection may go without the client sending anything. */
const LINGER_IDLE_MS = 1000;
/** How long a closing connection is kept at most, however steadily the client sends. */
const LINGER_MAX_MS = 5000;

/**
 * Closes a connection whose answer is written (or being written) while the client may still be
 * sending: our side ends at once (the FIN follows the answer), and what the client sends is read
 * and discarded until it ends its side, goes quiet for a second, or five seconds have passed.
 * Closing with unread bytes would make the kernel answer them with a reset, which a client still
 * uploading meets before it reads our answer; mature servers linger the same way (Apache, nginx).
 *
 * @example socket.end(answer); lingeringClose(socket);
 */
export function lingeringClose(socket: Socket): void {
  if (socket.destroyed) return;
  socket.end();
  // Whatever reads the socket (Node's HTTP parser, or nobody) must keep it flowing.
  socket.resume();
  socket.setTimeout(LINGER_IDLE_MS, () => socket.destroy());
  const deadline = setTimeout(() => socket.destroy(), LINGER_MAX_MS);
  deadline.unref();
  socket.once('close', () => clearTimeout(deadline));
}

/**
 * Makes the `Connection: close` answer to `req` end with a {@link lingeringClose} instead of Node's
 * own close, which destroys the socket the moment the answer is flushed. Node ends such an answer
 * with `socket.destroySoon()`; this connection's socket gets a lingering one. Use it for answers
 * sent before the body was read to its end (413, 415, 401).
 *
 * @example if (!req.complete) lingerAfterAnswer(req);
 */
export function lingerAfterAnswer(req: IncomingMessage): void {
  const { socket } = req;
  socket.destroySoon = () => {
    // Whoever read the body has had its answer: the rest flows past, unkept, instead of filling a
    // buffer no one reads (a paused request stops the socket being read at all).
    req.removeAllListeners('data');
    req.resume();
    lingeringClose(socket);
  };
}
