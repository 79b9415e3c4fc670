import type { WebhookUrlCheck } from '../../core/index.ts';
import { webhookUrlRefusal } from '../../domain/webhook-address.ts';
import { pinAddress, type ResolveHost } from './pinned-address.ts';

/** How long the check on save waits for DNS before it lets the URL through (each delivery checks again). */
const RESOLVE_WAIT_MS = 5_000;

/**
 * The server's check of a webhook URL on save: what the URL says (scheme, credentials, metadata
 * names, IP literals), then every address its host resolves to. A host that does not resolve (yet)
 * is accepted: nothing can be sent to it, and each delivery resolves and checks it again.
 *
 * @example createCore({ …, webhookUrls: resolvingWebhookUrls({ allowPrivate: false }) })
 */
export function resolvingWebhookUrls(options: {
  allowPrivate: boolean;
  resolve?: ResolveHost;
}): WebhookUrlCheck {
  return {
    async check(url) {
      const refusal = webhookUrlRefusal(url, options);
      if (refusal !== undefined) return refusal;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const pinned = await Promise.race([
        pinAddress(url.hostname, options),
        new Promise<undefined>((resolve) => {
          timer = setTimeout(() => resolve(undefined), RESOLVE_WAIT_MS);
        }),
      ]).finally(() => clearTimeout(timer));
      if (pinned && 'refused' in pinned && pinned.refused === 'address_refused')
        return `its host ${pinned.reason}`;
      return undefined;
    },
  };
}
