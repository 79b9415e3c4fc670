// Child process: the loopback receiver of the bench's `webhook` row, bare node:http in its own
// process so its CPU is not counted as our server's. It answers every POST 204 as soon as its body
// has arrived and counts them; any other request is answered `{"received": N}`.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { announce } from './announce.ts';

let received = 0;

const server = createServer((request, response) => {
  if (request.method !== 'POST') {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ received }));
    return;
  }
  request.resume();
  request.on('end', () => {
    received++;
    response.writeHead(204).end();
  });
});

server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  announce(`http://127.0.0.1:${port}`, async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});
