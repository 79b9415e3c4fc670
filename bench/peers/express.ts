// Child process: the list of 20 on express 5 with express-openapi-validator, which validates each
// request against the spec (the query's limit, cursor and status among it) and calls a security
// handler per scheme. The API key is looked up by its HMAC; the page goes out through `res.json`.
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import { announce } from '../servers/announce.ts';
import { keyOf, loadSpec, peerWork, unauthorized } from './peer-work.ts';

const work = peerWork();

/** Passes when the request's key is known; the validator answers 401 when no scheme passed. */
const requireKey = (request: Request): boolean =>
  work.lookUp(keyOf(request.get('authorization'), request.get('x-api-key'))) !== undefined;

const app = express();
app.set('etag', false);
app.set('x-powered-by', false);
app.use(
  OpenApiValidator.middleware({
    // The validator dereferences the document it is given: a copy of its own.
    apiSpec: loadSpec() as never,
    validateRequests: true,
    validateResponses: false,
    validateSecurity: { handlers: { apiKeyBearer: requireKey, apiKeyHeader: requireKey } },
  }),
);
app.get('/api/v1/courses', (_request: Request, response: Response) => {
  for (const [name, value] of work.headers) response.set(name, value);
  response.json(work.page);
});
// Validation and security failures, as an express app renders its errors: status and message.
app.use(
  (
    error: { status?: number; message: string },
    _request: Request,
    response: Response,
    _next: NextFunction,
  ) => {
    const status = error.status ?? 500;
    response.status(status).json(status === 401 ? unauthorized : { status, title: error.message });
  },
);

const server = app.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  announce(`http://127.0.0.1:${port}`, () => new Promise<void>((resolve) => server.close(() => resolve())));
});
server.keepAliveTimeout = 65_000;
