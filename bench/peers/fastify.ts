// Child process: the list of 20 on fastify 5 with fastify-openapi-glue, which turns the spec's
// operations into fastify routes with JSON-schema validation of their parameters (fastify's own
// Ajv) and calls a security handler per scheme. The API key is looked up by its HMAC; the page is
// returned as a value and serialised by fastify against the spec's response schema.
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import { announce } from '../servers/announce.ts';
import { keyOf, loadSpec, peerWork, unauthorized } from './peer-work.ts';

const work = peerWork();

/** Fails a security scheme's check: glue answers 401 when no scheme of the operation passed. */
function requireKey(request: FastifyRequest): void {
  const key = keyOf(request.headers.authorization, request.headers['x-api-key'] as string | undefined);
  if (!work.lookUp(key)) throw Object.assign(new Error(unauthorized.title), { statusCode: 401 });
}

const securityHandlers = { apiKeyBearer: requireKey, apiKeyHeader: requireKey };

const serviceHandlers = {
  async listCourses(_request: FastifyRequest, reply: FastifyReply) {
    for (const [name, value] of work.headers) reply.header(name, value);
    return work.page;
  },
};

const app = Fastify({ logger: false, keepAliveTimeout: 65_000 });
await app.register(openapiGlue, { specification: loadSpec(), serviceHandlers, securityHandlers });
const url = await app.listen({ port: 0, host: '127.0.0.1' });
announce(url, () => app.close());
