import { lookup } from 'node:dns/promises';
import type { WebhookUrlCheck } from '@course-service/runtime';
import {
  addressRefusal,
  isIpLiteral,
  webhookUrlRefusal,
} from '@course-service/runtime/domain/webhook-address';

/** Resolves a host name to every address it has; the server's is Node's resolver. */
export type ResolveAll = (host: string) => Promise<string[]>;

const resolveWithNode: ResolveAll = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * The server's {@link WebhookUrlCheck}: what the URL says (domain rules), then every address its host
 * resolves to, each of which must be one the service may post to. A host that does not resolve (now,
 * from here) is accepted: DNS can be slow, split or not yet published, and nothing is sent to it
 * unless it resolves to a permitted address at a delivery, which checks again.
 *
 * @example createCore({ …, webhookUrls: resolvingWebhookUrls({ allowPrivate: config.webhookAllowPrivateUrls }) })
 */
export function resolvingWebhookUrls(options: {
  allowPrivate: boolean;
  resolve?: ResolveAll | undefined;
}): WebhookUrlCheck {
  const resolve = options.resolve ?? resolveWithNode;
  return {
    async check(url) {
      const refusal = webhookUrlRefusal(url, options);
      if (refusal !== undefined) return refusal;
      const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
      if (isIpLiteral(host)) return undefined;
      let addresses: string[];
      try {
        addresses = await resolve(host);
      } catch {
        return undefined;
      }
      for (const address of addresses) {
        const reason = addressRefusal(address, options);
        if (reason !== undefined) return `its host '${host}' resolves to ${reason}`;
      }
      return undefined;
    },
  };
}
