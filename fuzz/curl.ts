import type { FuzzRequest } from './requests.ts';

/** Bash ANSI-C quoting (`$'…'`): printable ASCII as is, every other byte as `\xHH`. */
function quoteBytes(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) {
    if (byte === 0x27 || byte === 0x5c) out += `\\${String.fromCharCode(byte)}`;
    else if (byte >= 0x20 && byte < 0x7f) out += String.fromCharCode(byte);
    else out += `\\x${byte.toString(16).padStart(2, '0')}`;
  }
  return `$'${out}'`;
}

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** A body this long is written as a command that makes it, to keep the line readable. */
const LONG = 2_000;

function bodyArgument(bytes: Uint8Array): string {
  if (bytes.length <= LONG) return `--data-binary ${quoteBytes(bytes)}`;
  const hex = Buffer.from(bytes).toString('hex');
  // Long generated bodies repeat: say how to make them instead of printing them.
  const text = Buffer.from(bytes).toString('latin1');
  const match = /^(.{0,40}?)(.{1,6}?)\2{50,}(.{0,40})$/s.exec(text);
  if (match) {
    const [, head, unit, tail] = match as unknown as [string, string, string, string];
    const count = (text.length - head.length - tail.length) / unit.length;
    const script = `process.stdout.write(${JSON.stringify(head)}+${JSON.stringify(unit)}.repeat(${count})+${JSON.stringify(tail)})`;
    return `--data-binary @<(node -e ${quote(script)})`;
  }
  return `--data-binary @<(node -e ${quote(`process.stdout.write(Buffer.from('${hex}','hex'))`)})`;
}

/**
 * The request as a `curl` command line that sends the same bytes (bash), for a failure report.
 *
 * @example toCurl('http://127.0.0.1:3000', request) // "curl -i -X POST 'http://…' -H '…' --data-binary $'…'"
 */
export function toCurl(baseUrl: string, request: FuzzRequest): string {
  // curl -X HEAD would wait for a body that never comes; -I sends HEAD and expects none.
  const method = request.method === 'HEAD' ? '-I' : `-X ${request.method}`;
  const parts = ['curl -i', method, quote(`${baseUrl}${request.path}`)];
  for (const [name, value] of request.headers) parts.push(`-H ${quote(`${name}: ${value}`)}`);
  if (request.body) parts.push(bodyArgument(request.body));
  return parts.join(' ');
}
