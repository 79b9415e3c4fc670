import { type Answer, type IncomingRequest, parseJsonBytes, payloadTooLarge } from '@course-service/runtime';

/**
 * A Fetch `Request` as the core's {@link IncomingRequest}, its body read at once: `path` is under
 * the mock's base URL path `base`; `pause` is the mock's forced latency, if any.
 *
 * @example readJsonBody(await incomingRequest(request, { path: '/dev/token', base: '', requestId }), 65_536)
 */
export async function incomingRequest(
  request: Request,
  parts: { path: string; base: string; requestId: string; pause?: () => Promise<void> },
): Promise<IncomingRequest> {
  const body = new Uint8Array(await request.clone().arrayBuffer());
  return {
    method: request.method,
    path: parts.path,
    base: parts.base,
    query: new URL(request.url).search.slice(1),
    headers: Object.fromEntries(request.headers),
    requestId: parts.requestId,
    hasBody: body.length > 0,
    clientAddress: () => 'client',
    readJson: async (limit) => {
      if (body.length > limit) throw payloadTooLarge(limit);
      return parseJsonBytes(body);
    },
    webRequest: () => request,
    ...(parts.pause && { pause: parts.pause }),
  };
}

/**
 * A core answer as a Fetch `Response` (no body for `HEAD`, as HTTP has it).
 *
 * @example return toResponse(await core.handle(incoming), request.method);
 */
export function toResponse(answer: Answer, method: string): Response {
  const headers = new Headers();
  for (let i = 0; i < answer.headers.length; i += 2)
    headers.set(answer.headers[i] as string, answer.headers[i + 1] as string);
  return new Response(method === 'HEAD' ? null : answer.body, { status: answer.status, headers });
}
