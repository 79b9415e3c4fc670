import { ApiError, readJsonBodyText, tokenEndpointTakesPost } from '@course-service/runtime';
import type { Context, Middleware, Next } from 'koa';
import type { Logger } from 'pino';
import { KoaRequest } from '../http/node-request.ts';
import { answerRoute, jsonAnswer } from '../http/route-answer.ts';
import type { DevSecretScanner } from './dev-secret-scanner.ts';

const KEYS_PATH = '/dev/secret-scanning/public-keys';
const SIGNATURE_PATH = '/dev/secret-scanning/signature';

/** What the development secret scanner's routes serve. */
export interface DevSecretScannerRouteOptions {
  scanner(): DevSecretScanner;
  /** Larger bodies answer 413, as the API's requests (and so the reports) do. */
  bodyLimitBytes: number;
  logger: Logger;
}

/** `POST /dev/secret-scanning/signature`: the body's text, as sent, signed as a report is. */
async function signatureAnswer(ctx: Context, options: DevSecretScannerRouteOptions, requestId: string) {
  if (ctx.method !== 'POST') throw tokenEndpointTakesPost(SIGNATURE_PATH);
  const request = new KoaRequest(ctx, ctx.path, ctx.querystring, requestId);
  const body = await readJsonBodyText(request, options.bodyLimitBytes);
  if (body === undefined) {
    throw new ApiError('validation_failed', 'The request has 1 invalid field.', {
      extensions: {
        errors: [{ location: 'body', pointer: '', detail: 'a JSON body is required: the report to sign' }],
      },
    });
  }
  if (body.text === undefined) throw new Error('the Koa adapter kept no body text to sign');
  return jsonAnswer(options.scanner().sign(body.text), requestId, 'no-store');
}

/**
 * The development secret scanner's routes (only in development, while `SECRET_SCANNING_KEYS_URL`
 * is unset): `GET /dev/secret-scanning/public-keys` its public keys in GitHub's format, and
 * `POST /dev/secret-scanning/signature` with a report as its body answers
 * `{"keyIdentifier", "signature"}`, the values of `Github-Public-Key-Identifier` and
 * `Github-Public-Key-Signature` for posting that very body to `/api/v1/secret-scanning/reports`
 * (`405` with `Allow: POST` for other methods; `413`, `415` and `400 malformed_json` as the API
 * answers them; `400 validation_failed` without a body). Any other path goes on to the service.
 *
 * @example serverRoutes({ '/dev': devSecretScannerRoutes({ scanner, bodyLimitBytes, logger }) })
 */
export function devSecretScannerRoutes(options: DevSecretScannerRouteOptions): Middleware {
  return async function devSecretScanner(ctx: Context, next: Next): Promise<void> {
    const { path, method } = ctx;
    const readsKeys = path === KEYS_PATH && (method === 'GET' || method === 'HEAD');
    if (path !== SIGNATURE_PATH && !readsKeys) return next();
    await answerRoute(ctx, options.logger, async (requestId) =>
      readsKeys
        ? jsonAnswer(options.scanner().publicKeys, requestId)
        : signatureAnswer(ctx, options, requestId),
    );
  };
}
