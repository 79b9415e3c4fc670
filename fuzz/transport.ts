import type {
  CredentialKind,
  OperationShape,
  ResponseSnapshot,
  ResponseValidator,
  Target,
} from '@course-service/contract-tests';
import fc from 'fast-check';
import type { CheckFailure } from './checks.ts';
import { onTheNetwork, rawUpload } from './raw-upload.ts';
import type { FuzzSession } from './session.ts';

/**
 * A request that troubles the transport rather than an operation's input: a URL or headers past
 * the server's limit (Node's parser answers before any operation), or an upload far past the body
 * limit that keeps sending whatever the answer.
 */
export interface TransportProbe {
  kind: 'long-url' | 'long-headers' | 'upload';
  operation: OperationShape;
  method: string;
  path: string;
  headers: [string, string][];
  /** Bytes of body streamed (`upload`): a JSON string that never ends, sent to the last byte. */
  uploadBytes: number;
  /** Whether the right credential was sent (an upload then meets the body limit, else authentication). */
  credentialed: boolean;
  label: string;
}

const CHUNK = new TextEncoder().encode('x'.repeat(65_536));

function credentialHeaders(kind: CredentialKind, session: FuzzSession): [string, string][] {
  if (kind === 'none') return [];
  const bearer: [string, string] = [
    'authorization',
    `Bearer ${kind === 'idToken' ? session.idToken : session.apiKey}`,
  ];
  // MCP's Streamable HTTP transport requires both media types in Accept.
  return kind === 'mcp' ? [bearer, ['accept', 'application/json, text/event-stream']] : [bearer];
}

function filledPath(operation: OperationShape, session: FuzzSession): string {
  return operation.spec.path
    .replace('{courseId}', session.courseIds[0] ?? 'crs_0000000000000000')
    .replace('{keyId}', session.revocableKeyIds[0] ?? 'key_0000000000000000');
}

/**
 * Probes of the transport for `operations`: a URL of 17–100 kB, headers of 17–100 kB, or an
 * upload of 1–10 MB to an operation that takes a body, with or without the right credential.
 *
 * @example fc.sample(probeArbitrary(operations, session), 3);
 */
export function probeArbitrary(
  operations: OperationShape[],
  session: FuzzSession,
): fc.Arbitrary<TransportProbe> {
  const withBody = operations.filter((operation) => operation.body);
  const base = (operation: OperationShape, credentialed: boolean) => ({
    operation,
    method: operation.spec.method,
    path: filledPath(operation, session),
    headers: credentialed ? credentialHeaders(operation.credential, session) : [],
    credentialed,
    uploadBytes: 0,
  });
  const longUrl = fc
    .tuple(fc.constantFrom(...operations), fc.integer({ min: 17_000, max: 100_000 }))
    .map(([operation, length]): TransportProbe => {
      const probe = base(operation, true);
      return {
        ...probe,
        kind: 'long-url',
        path: `${probe.path}?fuzz=${'a'.repeat(length)}`,
        label: `a ${length}-byte query`,
      };
    });
  const longHeaders = fc
    .tuple(fc.constantFrom(...operations), fc.integer({ min: 17_000, max: 100_000 }))
    .map(([operation, length]): TransportProbe => {
      const probe = base(operation, true);
      const headers: [string, string][] = [...probe.headers, ['x-fuzz', 'h'.repeat(length)]];
      return { ...probe, kind: 'long-headers', headers, label: `a ${length}-byte header` };
    });
  const upload = fc
    .tuple(fc.constantFrom(...withBody), fc.integer({ min: 1, max: 10 }), fc.boolean())
    .map(([operation, megabytes, credentialed]): TransportProbe => {
      const probe = base(operation, credentialed);
      return {
        ...probe,
        kind: 'upload',
        headers: [...probe.headers, ['content-type', 'application/json']],
        uploadBytes: megabytes * 1024 * 1024,
        label: `a ${megabytes} MB upload that keeps sending, ${credentialed ? 'with' : 'without'} a credential`,
      };
    });
  return fc.oneof(longUrl, longHeaders, upload);
}

/** A body of `bytes` bytes, made as it is sent: a JSON string that opens and never closes. */
function endlessJson(bytes: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent === 0) {
        controller.enqueue(new TextEncoder().encode('{"name":"'));
        sent = 9;
        return;
      }
      if (sent >= bytes) return controller.close();
      const chunk = CHUNK.subarray(0, Math.min(CHUNK.length, bytes - sent));
      sent += chunk.length;
      controller.enqueue(chunk);
    },
  });
}

/**
 * Sends a probe and checks its answer (an upload to a server goes over a raw socket that sends to
 * the last byte; to the mocks, through their fetch): there is one (no reset, no hang), it is no 5xx, a refusal
 * by the transport (431) is the service's problem, anything else is an answer the spec declares
 * for the operation, and an upload past the limit is refused as it should be (413 with the
 * credential, 401 without, or 429 once a quota is spent).
 *
 * @example const { status, failures } = await sendProbe(target, probe, validator);
 */
export async function sendProbe(
  target: Target,
  probe: TransportProbe,
  validator: ResponseValidator,
): Promise<{ status: number | undefined; failures: CheckFailure[] }> {
  let snapshot: ResponseSnapshot;
  const failures: CheckFailure[] = [];
  try {
    if (probe.kind === 'upload' && onTheNetwork(target.baseUrl)) {
      const raw = await rawUpload(target.baseUrl, probe.method, probe.path, probe.headers, probe.uploadBytes);
      if (raw.cutShort) failures.push({ check: 'server error', message: raw.cutShort });
      snapshot = raw.snapshot;
    } else {
      const response = await target.fetch(
        new Request(`${target.baseUrl}${probe.path}`, {
          method: probe.method,
          headers: probe.headers,
          ...(probe.kind === 'upload' && { body: endlessJson(probe.uploadBytes), duplex: 'half' }),
          signal: AbortSignal.timeout(30_000),
        } as RequestInit),
      );
      snapshot = { status: response.status, headers: response.headers, body: await response.text() };
    }
  } catch (error) {
    const cause = (error as Error & { cause?: Error }).cause?.message;
    return {
      status: undefined,
      failures: [
        {
          check: 'server error',
          message: `no response: ${(error as Error).message}${cause ? ` (${cause})` : ''}`,
        },
      ],
    };
  }
  const { status } = snapshot;
  if (status >= 500)
    failures.push({ check: 'server error', message: `status ${status}: ${snapshot.body.slice(0, 200)}` });
  // A 431 comes before any operation: it must be the service's problem, as a server-level answer.
  const problems = validator.validate(status === 431 ? undefined : probe.operation.spec, snapshot);
  for (const problem of problems) failures.push({ check: 'conformance', message: problem });
  // A spent quota refuses before either check (429, validated above as the operation declares it):
  // a deployment's auth-failure quota runs out under fuzzing.
  if (probe.kind === 'upload' && status !== 429) {
    // A public operation (a leak report, signed in its headers) has no credential to lack: 413.
    const expected = probe.credentialed || probe.operation.credential === 'none' ? 413 : 401;
    if (status !== expected)
      failures.push({
        check: 'invalid input accepted',
        message: `status ${status} where ${expected} was due`,
      });
  }
  return { status, failures };
}

/** The probe as a `curl` line (bash) that sends the same request, the long parts made by a command. */
export function probeCurl(baseUrl: string, probe: TransportProbe): string {
  const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
  const short = (text: string) =>
    text.replace(/([ah])\1{20,}/g, (run, char) => `'"$(printf '${char}%.0s' {1..${run.length}})"'`);
  const parts = ['curl -i', `-X ${probe.method}`, short(quote(`${baseUrl}${probe.path}`))];
  for (const [name, value] of probe.headers) parts.push(`-H ${short(quote(`${name}: ${value}`))}`);
  if (probe.kind === 'upload')
    parts.push(`--data-binary @<(printf '{"name":"'; head -c ${probe.uploadBytes} /dev/zero | tr '\\0' x)`);
  return parts.join(' ');
}
