import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

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

/** Reads `openapi.yaml` (the single source of truth) once. */
export function loadSpec(): LoadedSpec {
  const document = parse(readFileSync(SPEC_URL, 'utf8')) as OpenApiDocument;
  const json = JSON.stringify(document);
  const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 32)}"`;
  return { document, json, etag };
}
