import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

type Obj = Record<string, unknown>;

/** A header a response declares, with the JSON Pointer of its schema inside the spec. */
interface HeaderDecl {
  name: string;
  required: boolean;
  schemaPointer: string;
  /** The schema's `type`, to turn the header's text into a number before validating. */
  type: string | undefined;
}

/** A media type a response declares, with the JSON Pointer of its schema. */
interface ContentDecl {
  mediaType: string;
  schemaPointer: string;
}

/** One declared response of an operation, `$ref`s resolved. */
export interface ResponseDecl {
  status: string;
  headers: HeaderDecl[];
  content: ContentDecl[];
  /** The spec's `x-contract-untestable` reason, when the response cannot be provoked from outside. */
  untestable: string | undefined;
}

/** An operation's deprecation, as the spec declares it: when it was deprecated, and when it goes. */
interface DeclaredDeprecation {
  /** `x-deprecated-at`. */
  since: string;
  /** `x-sunset`, if it has one. */
  sunset: string | undefined;
}

/** One operation of the spec: how to recognise its requests and what it may answer. */
export interface SpecOperation {
  operationId: string;
  method: string;
  path: string;
  matcher: RegExp;
  responses: ResponseDecl[];
  /** Set when the operation is deprecated: its answers must say so (see `checkDeprecation`). */
  deprecation: DeclaredDeprecation | undefined;
}

/** The contract: the parsed `openapi.yaml` and its operations. */
export interface ContractSpec {
  document: Obj;
  operations: SpecOperation[];
  /** The operation a request is for, by method and path (relative to the base URL). */
  find(method: string, path: string): SpecOperation | undefined;
  /** What answers that match no operation (unknown path, wrong method) must look like. */
  serverLevel: ResponseDecl;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];
const escapeSegment = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');
const pointerOf = (...segments: string[]) => `#/${segments.map(escapeSegment).join('/')}`;

/** The spec file shipped with this package: the single source of truth the suite checks against. */
export const SPEC_FILE = new URL('../openapi.yaml', import.meta.url);

function resolve(document: Obj, node: unknown, pointer: string): [Obj, string] {
  let current = node as Obj;
  let at = pointer;
  while (typeof current.$ref === 'string') {
    at = current.$ref;
    current = at
      .slice(2)
      .split('/')
      .reduce<unknown>(
        (parent, part) => (parent as Obj)[part.replace(/~1/g, '/').replace(/~0/g, '~')],
        document,
      ) as Obj;
  }
  return [current, at];
}

function responseDecl(document: Obj, status: string, node: unknown, pointer: string): ResponseDecl {
  const [response, at] = resolve(document, node, pointer);
  const headers = Object.entries((response.headers ?? {}) as Obj).map(([name, header]): HeaderDecl => {
    const [resolved, headerAt] = resolve(document, header, `${at}/headers/${escapeSegment(name)}`);
    const [schema, schemaAt] = resolve(document, resolved.schema, `${headerAt}/schema`);
    return {
      name,
      required: resolved.required === true,
      schemaPointer: schemaAt,
      type: schema.type as string | undefined,
    };
  });
  const content = Object.keys((response.content ?? {}) as Obj).map((mediaType) => ({
    mediaType,
    schemaPointer: `${at}/content/${escapeSegment(mediaType)}/schema`,
  }));
  const untestable = response['x-contract-untestable'];
  return { status, headers, content, untestable: typeof untestable === 'string' ? untestable : undefined };
}

/**
 * Reads `openapi.yaml` and indexes its operations and declared responses.
 *
 * @example
 * const spec = loadContractSpec();
 * spec.find('GET', '/api/v1/courses')?.operationId; // 'listCourses'
 */
export function loadContractSpec(file: URL = SPEC_FILE): ContractSpec {
  const document = parse(readFileSync(file, 'utf8')) as Obj;
  const operations: SpecOperation[] = [];
  for (const [path, item] of Object.entries(document.paths as Record<string, Obj>)) {
    const pattern = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^/]+?\}/g, '[^/]+');
    for (const method of METHODS.filter((m) => m in item)) {
      const operation = item[method] as Obj;
      const responses = Object.entries(operation.responses as Obj).map(([status, node]) =>
        responseDecl(document, status, node, pointerOf('paths', path, method, 'responses', status)),
      );
      const operationId = operation.operationId as string;
      operations.push({
        operationId,
        method: method.toUpperCase(),
        path,
        matcher: new RegExp(`^${pattern}$`),
        responses,
        deprecation:
          operation.deprecated === true
            ? {
                since: String(operation['x-deprecated-at']),
                sunset: operation['x-sunset'] === undefined ? undefined : String(operation['x-sunset']),
              }
            : undefined,
      });
    }
  }
  const serverLevel: ResponseDecl = {
    status: '4XX',
    headers: [
      {
        name: 'X-Request-Id',
        required: true,
        schemaPointer: '#/components/headers/X-Request-Id/schema',
        type: 'string',
      },
    ],
    content: [{ mediaType: 'application/problem+json', schemaPointer: '#/components/schemas/Problem' }],
    untestable: undefined,
  };
  return {
    document,
    operations,
    find: (method, path) => operations.find((op) => op.method === method && op.matcher.test(path)),
    serverLevel,
  };
}
