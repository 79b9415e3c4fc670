// Which webhook URLs and addresses the service refuses to post to (SSRF): pure rules, used when an
// endpoint is saved (the core, through its `webhookUrls` port) and at each delivery (the server,
// on every address the host resolves to).

/** Host names of cloud metadata services, refused whatever they resolve to. */
const METADATA_HOSTS = new Set(['metadata.google.internal', 'metadata.goog', 'metadata', 'instance-data']);

const METADATA = 'a cloud metadata address';
/** 169.254.169.254, the metadata address of most clouds (inside link-local, refused even when that is allowed). */
const METADATA_V4 = 0xa9fea9fe;

/** IPv4 ranges that are not the public internet: `[network, prefix length, why]`. */
const REFUSED_V4: ReadonlyArray<[network: string, prefix: number, reason: string]> = [
  ['0.0.0.0', 8, 'a "this network" address'],
  ['10.0.0.0', 8, 'a private address'],
  ['100.64.0.0', 10, 'a shared (CGNAT) address'],
  ['127.0.0.0', 8, 'a loopback address'],
  ['169.254.0.0', 16, 'a link-local address'],
  ['172.16.0.0', 12, 'a private address'],
  ['192.0.0.0', 24, 'a reserved address'],
  ['192.0.2.0', 24, 'a documentation address'],
  ['192.88.99.0', 24, 'a reserved address'],
  ['192.168.0.0', 16, 'a private address'],
  ['198.18.0.0', 15, 'a reserved address'],
  ['198.51.100.0', 24, 'a documentation address'],
  ['203.0.113.0', 24, 'a documentation address'],
  ['224.0.0.0', 4, 'a multicast address'],
  ['240.0.0.0', 4, 'a reserved address'],
];

/** The refusals `allowPrivate` lifts: addresses of one's own networks, as opposed to ones nobody may use. */
const PRIVATE_REASONS = new Set([
  'a private address',
  'a loopback address',
  'a shared (CGNAT) address',
  'a link-local address',
]);

function v4Number(address: string): number | undefined {
  const parts = address.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255))
    return undefined;
  return parts.reduce((sum, part) => sum * 256 + Number(part), 0);
}

function v4Refusal(value: number): string | undefined {
  if (value === METADATA_V4) return METADATA;
  for (const [network, prefix, reason] of REFUSED_V4) {
    const size = 2 ** (32 - prefix);
    const start = v4Number(network) as number;
    if (value >= start && value < start + size) return reason;
  }
  return undefined;
}

/** The eight 16-bit groups of an IPv6 address (with an embedded IPv4 tail or `::`), or undefined. */
function v6Groups(address: string): number[] | undefined {
  let text = address.toLowerCase();
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const value = v4Number(tail[1] as string);
    if (value === undefined) return undefined;
    text = `${text.slice(0, -(tail[1] as string).length)}${(value >>> 16).toString(16)}:${(value & 0xffff).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const parse = (half: string | undefined) => (half ? half.split(':') : []);
  const head = parse(halves[0]);
  const rest = parse(halves[1]);
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return undefined;
  return groups.map((group) => Number.parseInt(group, 16));
}

function v6Refusal(groups: number[]): string | undefined {
  const [g0 = 0, g1 = 0, , , , g5 = 0, g6 = 0, g7 = 0] = groups;
  const embeddedV4 = g6 * 65536 + g7;
  const zeroUpTo = (n: number) => groups.slice(0, n).every((group) => group === 0);
  if (zeroUpTo(5) && g5 === 0xffff) return v4Refusal(embeddedV4); // ::ffff:a.b.c.d, IPv4-mapped
  if (g0 === 0x64 && g1 === 0xff9b && groups.slice(2, 6).every((g) => g === 0)) return v4Refusal(embeddedV4); // 64:ff9b::a.b.c.d, NAT64
  if (g0 === 0x2002) return v4Refusal(g1 * 65536 + (groups[2] ?? 0)); // 6to4
  if (zeroUpTo(7) && g7 === 1) return 'a loopback address';
  if (g0 === 0xfd00 && g1 === 0x0ec2 && groups.slice(2, 7).every((g) => g === 0) && g7 === 0x254)
    return METADATA; // AWS's IPv6 metadata address
  if (zeroUpTo(8)) return 'the unspecified address';
  if ((g0 & 0xfe00) === 0xfc00) return 'a private address'; // fc00::/7, unique local
  if ((g0 & 0xffc0) === 0xfe80) return 'a link-local address';
  if ((g0 & 0xff00) === 0xff00) return 'a multicast address';
  if (g0 === 0x2001 && g1 === 0x0db8) return 'a documentation address';
  if (g0 === 0x2001 && g1 < 0x0200) return 'a reserved address'; // 2001::/23, Teredo and others
  // Only 2000::/3 is the public IPv6 internet; the rest is reserved or deprecated (::a.b.c.d, fec0::).
  if ((g0 & 0xe000) !== 0x2000) return 'a reserved address';
  return undefined;
}

/** Whether `address` is an IP literal (v4 dotted, or v6 without brackets). */
export function isIpLiteral(address: string): boolean {
  return v4Number(address) !== undefined || v6Groups(address) !== undefined;
}

/**
 * Why the service refuses to post to the IP address `address` (dotted IPv4, or IPv6 with or without
 * brackets), or `undefined` when it is a public address. With `allowPrivate`, private, loopback and
 * shared addresses pass (development and tests); metadata addresses never do.
 *
 * @example addressRefusal('10.0.0.1') // 'a private address'
 */
export function addressRefusal(
  address: string,
  options: { allowPrivate?: boolean } = {},
): string | undefined {
  const bare = address.replace(/^\[(.*)\]$/, '$1');
  const v4 = v4Number(bare);
  const groups = v4 === undefined ? v6Groups(bare) : undefined;
  if (v4 === undefined && groups === undefined) return 'not an IP address';
  const reason = v4 === undefined ? v6Refusal(groups as number[]) : v4Refusal(v4);
  if (reason === undefined) return undefined;
  return options.allowPrivate && PRIVATE_REASONS.has(reason) ? undefined : reason;
}

/**
 * Why the service refuses `url` as a webhook address from what the URL itself says (scheme,
 * credentials, host name, an IP literal host), or `undefined`. A host name that passes must still
 * resolve to public addresses only: that check needs DNS and is the server's.
 *
 * @example webhookUrlRefusal(new URL('https://[::1]/hook')) // 'its host is a loopback address'
 */
export function webhookUrlRefusal(url: URL, options: { allowPrivate?: boolean } = {}): string | undefined {
  const schemes = options.allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol))
    return options.allowPrivate ? 'must be an http or https URL' : 'must be an https URL';
  if (url.username !== '' || url.password !== '') return 'must not contain credentials';
  const host = url.hostname.replace(/\.$/, '').toLowerCase();
  if (host === '') return 'must name a host';
  if (METADATA_HOSTS.has(host)) return 'its host is a cloud metadata service';
  if (!options.allowPrivate && (host === 'localhost' || host.endsWith('.localhost')))
    return 'its host is a loopback address';
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  if (!isIpLiteral(bare)) return undefined;
  const reason = addressRefusal(bare, options);
  return reason && `its host is ${reason}`;
}
