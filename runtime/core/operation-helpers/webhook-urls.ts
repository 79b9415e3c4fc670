import { webhookUrlRefusal } from '../../domain/webhook-address.ts';
import { ApiError } from '../model/api-error.ts';
import type { WebhookUrlCheck } from '../model/ports.ts';
import type { OperationDeps } from './operation.ts';

/**
 * A {@link WebhookUrlCheck} on what the URL itself says (scheme, credentials, metadata names, IP
 * literals), with no DNS: the mocks' check, and the core's default.
 *
 * @example createCore({ …, webhookUrls: literalWebhookUrls({ allowPrivate: true }) })
 */
export function literalWebhookUrls(options: { allowPrivate: boolean }): WebhookUrlCheck {
  return { check: async (url) => webhookUrlRefusal(url, options) };
}

/** Throws the `400 validation_failed` naming `/url` when the service must not post to `url`. */
export async function checkWebhookUrl(url: string, { webhookUrls }: Pick<OperationDeps, 'webhookUrls'>) {
  // The schema's `uri` format is looser than WHATWG URL in places: what URL cannot parse is refused too.
  const refusal = URL.canParse(url) ? await webhookUrls.check(new URL(url)) : 'is not a URL';
  if (refusal === undefined) return;
  throw new ApiError('validation_failed', 'The request has 1 invalid field.', {
    extensions: { errors: [{ location: 'body', pointer: '/url', detail: refusal }] },
  });
}
