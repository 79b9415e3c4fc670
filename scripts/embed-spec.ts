import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const SPEC_URL = new URL('../openapi.yaml', import.meta.url);
const OUTPUT_URL = new URL('../runtime/core/spec/spec.gen.ts', import.meta.url);
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/**
 * Renders `runtime/core/spec/spec.gen.ts` from the text of `openapi.yaml`: the document as a module, so the
 * core needs no file system (the mocks run in browsers, which have none) and no YAML parser at
 * start-up, and the union of its operationIds.
 *
 * @example renderSpecModule(readFileSync('openapi.yaml', 'utf8')).startsWith('// Generated') // true
 */
export function renderSpecModule(yamlText: string): string {
  const document = parse(yamlText) as {
    paths: Record<string, Record<string, { operationId?: string }>>;
  };
  const operations = Object.values(document.paths).flatMap((item) =>
    METHODS.flatMap((method) => item[method] ?? []),
  );
  const union = (ids: string[]) => ids.map((id) => `  | '${id}'`).join('\n');
  const ids = operations.map((op) => op.operationId as string);
  return [
    '// Generated from openapi.yaml by scripts/embed-spec.ts (`npm run generate`). Do not edit.',
    "import type { OpenApiDocument } from './openapi-document.ts';",
    '',
    '/** The OpenAPI document, embedded so that the core runs where there is no file system. */',
    `export const openApiDocument: OpenApiDocument = ${JSON.stringify(document, null, 2)};`,
    '',
    '/** Every operationId of the spec. */',
    `export type OperationId =\n${union(ids)};`,
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
    console.error('runtime/core/spec/spec.gen.ts is out of date with openapi.yaml: run `npm run generate`.');
    return 1;
  }
  writeFileSync(OUTPUT_URL, expected);
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exitCode = embedSpec(process.argv.slice(2));
}
