// Test-only: checks every response the mocks send against the spec, independently of the mocks' code paths.
import type { setupServer } from 'msw/node';
import { buildOperationTable } from '../operation-table.ts';
import { openApiDocument as document } from '../spec.gen.ts';
import { specAjv, specRef } from '../spec-ajv.ts';
import { resolveRef } from '../spec-document.ts';

const bodyAjv = specAjv(document);
const headerAjv = specAjv(document, { coerceTypes: true });
const operations = buildOperationTable(document).map((op) => ({
  ...op,
  regex: new RegExp(`^${op.path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
}));
const escapePart = (part: string) => part.replace(/~/g, '~0').replace(/\//g, '~1');

/** The reasons `response` breaks the spec for `method path` (empty when it conforms). */
export async function conformanceProblems(
  method: string,
  path: string,
  response: Response,
): Promise<string[]> {
  const where = `${method} ${path} → ${response.status}`;
  const operation = operations.find((op) => op.method === method && op.regex.test(path));
  const text = await response.text();
  const body = text === '' ? undefined : JSON.parse(text);
  if (!operation) {
    // Outside the operations (404/405, /dev/token): still a problem body when it is an error.
    if (response.status < 400) return [];
    const validate = bodyAjv.compile(specRef(['components', 'schemas', 'Problem']));
    return validate(body) ? [] : [`${where}: ${bodyAjv.errorsText(validate.errors)}`];
  }
  const item = document.paths[operation.path] as Record<string, { responses: Record<string, unknown> }>;
  const responses = item[method.toLowerCase()]?.responses ?? {};
  const key = String(response.status);
  if (!(key in responses)) return [`${where}: status not documented`];
  const declared = resolveRef(document, responses[key]);
  const problems: string[] = [];
  for (const [name, header] of Object.entries((declared.headers ?? {}) as Record<string, unknown>)) {
    const spec = resolveRef(document, header);
    const value = response.headers.get(name);
    if (value === null) {
      if (spec.required) problems.push(`${where}: header ${name} missing`);
      continue;
    }
    // A header schema may `$ref` the spec's schemas: resolved as a document-relative pointer.
    const schema = spec.schema as { $ref?: string };
    const validate = headerAjv.compile(
      typeof schema.$ref === 'string' ? { $ref: `openapi.json${schema.$ref}` } : schema,
    );
    if (!validate(value))
      problems.push(`${where}: header ${name} '${value}' ${headerAjv.errorsText(validate.errors)}`);
  }
  const content = declared.content as Record<string, unknown> | undefined;
  if (!content) return body === undefined ? problems : [...problems, `${where}: unexpected body`];
  const mediaType = (response.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
  if (!(mediaType in content)) return [...problems, `${where}: content type '${mediaType}' not documented`];
  const ref = (responses[key] as { $ref?: string }).$ref;
  const at = ref
    ? ref.slice(2).split('/')
    : ['paths', escapePart(operation.path), method.toLowerCase(), 'responses', key];
  const schemaRef = {
    $ref: `openapi.json#/${[...at.map((p) => p.replace(/~1/g, '/')).map(escapePart), 'content', escapePart(mediaType), 'schema'].join('/')}`,
  };
  const validate = bodyAjv.compile(schemaRef);
  if (!validate(body)) problems.push(`${where}: body ${bodyAjv.errorsText(validate.errors)}`);
  return problems;
}

/**
 * Checks every response `server` mocks for `baseUrl` against the spec; `problems()` awaits them all.
 *
 * @example const conformance = watchConformance(server, baseUrl); afterAll(async () => expect(await conformance.problems()).toEqual([]));
 */
export function watchConformance(server: ReturnType<typeof setupServer>, baseUrl: string) {
  const checks: Promise<string[]>[] = [];
  let count = 0;
  const basePath = new URL(baseUrl).pathname.replace(/\/$/, '');
  server.events.on('response:mocked', ({ request, response }) => {
    count += 1;
    const path = new URL(request.url).pathname.slice(basePath.length);
    checks.push(conformanceProblems(request.method, path, response.clone()));
  });
  return {
    /** How many responses were checked. */
    count: () => count,
    problems: async () => (await Promise.all(checks)).flat(),
  };
}
