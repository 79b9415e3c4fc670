import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** The OpenAPI document, parsed once, with its served JSON form and strong ETag. */
export interface LoadedSpec {
  /** The parsed document. Treat as read-only; give libraries that mutate it a `structuredClone`. */
  document: OpenApiDocument;
  json: string;
  etag: string;
}

/** The parts of an OpenAPI document the server reads. */
export interface OpenApiDocument {
  openapi: string;
  info: { version: string; [key: string]: unknown };
  paths: Record<string, Record<string, unknown>>;
  components: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
}

const SPEC_URL = new URL('../openapi.yaml', import.meta.url);
const CACHE_DIR = new URL('../node_modules/.cache/course-service/', import.meta.url);

/**
 * Reads `openapi.yaml` (the single source of truth) once. Parsing YAML costs about a third of a
 * second at start-up, so its JSON form is kept in `node_modules/.cache/course-service/` under the
 * SHA-256 of the YAML text: an edited spec has another name, so a stale form is never read.
 */
export function loadSpec(): LoadedSpec {
  const { json, document } = specJson(readFileSync(SPEC_URL, 'utf8'), CACHE_DIR);
  const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 32)}"`;
  return { document, json, etag };
}

/**
 * `JSON.stringify` of the parsed YAML, from `cacheDir` when it holds this text's, and the document
 * it holds (so the JSON is parsed once, by the same call that checks it is whole).
 */
export function specJson(yamlText: string, cacheDir: URL): { json: string; document: OpenApiDocument } {
  const name = `openapi-${createHash('sha256').update(yamlText).digest('hex')}.json`;
  const file = new URL(name, cacheDir);
  try {
    const json = readFileSync(file, 'utf8');
    return { json, document: JSON.parse(json) as OpenApiDocument };
  } catch {
    // Missing or damaged: parse, and keep the result for the next start if the disk lets us.
  }
  // Loaded only here: with a warm cache the YAML library is never needed.
  const { parse } = createRequire(import.meta.url)('yaml') as typeof import('yaml');
  const json = JSON.stringify(parse(yamlText));
  try {
    mkdirSync(cacheDir, { recursive: true });
    // Written aside and renamed, so an instance starting at the same time never reads half a file.
    const temp = new URL(`${name}.${process.pid}.tmp`, cacheDir);
    writeFileSync(temp, json);
    renameSync(temp, file);
    // Forms of earlier versions of the spec will not be asked for again.
    for (const old of readdirSync(cacheDir)) {
      if (old.startsWith('openapi-') && old !== name) rmSync(new URL(old, cacheDir), { force: true });
    }
  } catch {
    // A read-only install: parse at every start, as before.
  }
  return { json, document: JSON.parse(json) as OpenApiDocument };
}
