// The SSRF check at delivery time: resolve the host once, refuse if any address it resolves to is
// refused, and hand the connection that one checked address, so a DNS answer that changes between
// the check and the connection (rebinding) cannot send the request elsewhere.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { addressRefusal } from '@course-service/runtime/domain/webhook-address';

/** Resolves every address of a host name (`node:dns` lookup by default, as connections do). */
export type ResolveHost = (hostname: string) => Promise<LookupAddress[]>;

const resolveWithDns: ResolveHost = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) =>
      err ? reject(err) : resolve(addresses),
    ),
  );

/** The address a delivery may connect to, or why it may not. */
export type PinnedAddress =
  | { address: string; family: 4 | 6 }
  | { refused: 'address_refused' | 'connection_failed'; reason: string };

/**
 * Resolves `hostname` (an IP literal stands for itself) and checks every address it resolves to:
 * one refused address refuses the host, since the next resolution may pick it.
 *
 * @example await pinAddress('hooks.example.com', { allowPrivate: false }) // { address: '93.184.215.14', family: 4 }
 */
export async function pinAddress(
  hostname: string,
  options: { allowPrivate: boolean; resolve?: ResolveHost | undefined },
): Promise<PinnedAddress> {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: LookupAddress[];
  if (isIP(bare)) addresses = [{ address: bare, family: isIP(bare) }];
  else {
    try {
      addresses = await (options.resolve ?? resolveWithDns)(bare);
    } catch (err) {
      return { refused: 'connection_failed', reason: `${bare} did not resolve: ${(err as Error).message}` };
    }
  }
  const [first] = addresses;
  if (!first) return { refused: 'connection_failed', reason: `${bare} resolved to no address` };
  for (const { address } of addresses) {
    const reason = addressRefusal(address, { allowPrivate: options.allowPrivate });
    if (reason) return { refused: 'address_refused', reason: `resolves to ${address}, ${reason}` };
  }
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

/**
 * A `lookup` for `node:http`/`node:https` that answers only `pinned`: the socket connects to the
 * checked address while TLS still verifies the certificate against the URL's host name.
 */
export function pinnedLookup(pinned: { address: string; family: 4 | 6 }) {
  return (
    _hostname: string,
    options: { all?: boolean },
    callback: (err: Error | null, address: string | LookupAddress[], family?: number) => void,
  ): void => {
    if (options.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  };
}
