import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const SPEC_URL = new URL('../../openapi.yaml', import.meta.url);
const OUTPUT_URL = new URL('../spec.gen.ts', import.meta.url);
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/**
 * Renders `mocks/spec.gen.ts` from the text of `openapi.yaml`: the document as a module, so the
 * mocks need no file system (browsers have none), its ETag computed exactly as the server does,
 * and the union of its operationIds.
 *
 * @example renderSpecModule(readFileSync('openapi.yaml', 'utf8')).startsWith('// Generated') // true
 */
export function renderSpecModule(yamlText: string): string {
  const document = parse(yamlText) as {
    paths: Record<string, Record<string, { operationId?: string; 'x-handled-by'?: string }>>;
  };
  const json = JSON.stringify(document);
  const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 32)}"`;
  const operations = Object.values(document.paths).flatMap((item) =>
    METHODS.flatMap((method) => item[method] ?? []),
  );
  const union = (ids: string[]) => ids.map((id) => `  | '${id}'`).join('\n');
  const ids = (rest: boolean) =>
    operations.filter((op) => !rest || !op['x-handled-by']).map((op) => op.operationId as string);
  return [
    '// Generated from openapi.yaml by mocks/scripts/embed-spec.ts (`npm run generate:mocks`). Do not edit.',
    "import type { OpenApiDocument } from './spec-document.ts';",
    '',
    '/** The OpenAPI document, embedded so that the mocks run where there is no file system. */',
    `export const openApiDocument: OpenApiDocument = ${JSON.stringify(document, null, 2)};`,
    '',
    "/** The document's strong ETag, as the server computes it. */",
    `export const openApiEtag = '${etag}';`,
    '',
    '/** Every operationId of the spec. */',
    `export type OperationId =\n${union(ids(false))};`,
    '',
    '/** The operationIds of the REST operations (those without `x-handled-by`). */',
    `export type RestOperationId =\n${union(ids(true))};`,
    '',
  ].join('\n');
}

/**
 * Writes `spec.gen.ts`, or with `--check` exits 1 when it differs from what `openapi.yaml` gives.
 *
 * @example embedSpec(['--check']) // 0 when up to date
 */
function embedSpec(args: readonly string[]): number {
  const expected = renderSpecModule(readFileSync(SPEC_URL, 'utf8'));
  if (args.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(OUTPUT_URL, 'utf8');
    } catch {
      // A missing file is drift like any other.
    }
    if (current === expected) return 0;
    console.error('mocks/spec.gen.ts is out of date with openapi.yaml: run `npm run generate:mocks`.');
    return 1;
  }
  writeFileSync(OUTPUT_URL, expected);
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exitCode = embedSpec(process.argv.slice(2));
}
