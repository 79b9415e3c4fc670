import {
  type ApiKeyRecord,
  apiKeyView,
  type CourseRecord,
  courseView,
  type KeyHasher,
  type OpenApiDocument,
  type Store,
} from '@course-service/runtime';
import { parseApiKey } from '@course-service/runtime/domain/api-key-format';
import { newApiKeyId, newCourseId } from '@course-service/runtime/domain/ids';
import { SERVICE_AUDIT } from '@course-service/runtime/embedded-store';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { DEFAULT_OWNER, type ResolvedOptions } from './mock-options.ts';

type Seed = {
  keys: Array<Omit<ApiKeyRecord, 'seq' | 'hash'> & { value: string }>;
  courses: Omit<CourseRecord, 'seq'>[];
};

/** Throws, naming the record, unless `value` is valid against the spec's schema `schema`. */
function checker(document: OpenApiDocument) {
  const ajv = addFormats.default(new Ajv2020({ allErrors: true, strict: false }));
  ajv.addSchema(document, 'openapi.json');
  return (schema: string, value: unknown, what: string) => {
    const validate = ajv.getSchema(`openapi.json#/components/schemas/${schema}`);
    if (validate && !validate(value)) {
      const reasons = (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ');
      throw new TypeError(`${what} is not a valid ${schema}: ${reasons}`);
    }
  };
}

/**
 * Checks the declared keys and seed courses once, at creation (every record must be valid against
 * the spec, every key well-formed and declared once), and returns what to store on every `reset()`.
 *
 * @example const seed = planSeed(options, openApiDocument);
 */
export function planSeed(options: ResolvedOptions, document: OpenApiDocument): Seed {
  const check = checker(document);
  const allScopes = (document.components.schemas as { Scope: { enum: string[] } }).Scope.enum;
  const now = options.clock().toISOString();
  const keys = options.apiKeys.map((declared, i) => {
    const parsed = parseApiKey(declared.key);
    if (!parsed) {
      throw new TypeError(
        `apiKeys[${i}].key '${declared.key}' is not a well-formed key (format and checksum), so the service would refuse it: use mockApiKey().`,
      );
    }
    const key = {
      id: newApiKeyId(),
      ownerId: declared.owner ?? DEFAULT_OWNER,
      name: declared.name ?? 'mock key',
      value: declared.key,
      start: parsed.start,
      environment: parsed.environment,
      scopes: allScopes.filter((scope) => (declared.scopes ?? allScopes).includes(scope as never)),
      createdAt: now,
      lastUsedAt: null,
      expiresAt: declared.expiresAt ?? null,
      revokedAt: declared.revokedAt ?? null,
      rolledFrom: null,
      rolledTo: null,
    };
    check('ApiKey', apiKeyView({ ...key, hash: '', seq: 0 }, options.clock()), `apiKeys[${i}]`);
    return key;
  });
  if (new Set(keys.map((key) => key.value)).size !== keys.length)
    throw new TypeError('apiKeys declares the same key value twice.');
  const courses = options.seed.courses.map((seed, i) => {
    const createdAt = seed.createdAt ?? now;
    const status = seed.status ?? 'draft';
    const course = {
      id: seed.id ?? newCourseId(),
      ownerId: seed.owner ?? DEFAULT_OWNER,
      environment: seed.environment ?? 'prod',
      name: seed.name,
      description: seed.description ?? '',
      status,
      createdAt,
      updatedAt: createdAt,
      publishedAt: status === 'published' ? createdAt : null,
      archivedAt: status === 'archived' ? createdAt : null,
    };
    check('Course', courseView(course), `seed.courses[${i}]`);
    return course;
  });
  return { keys, courses };
}

/** Puts the seed into an empty store, keys hashed as the service hashes them. */
export async function applySeed(seed: Seed, store: Store, hasher: KeyHasher): Promise<void> {
  // A seeded key's history starts with its creation, by the service.
  for (const { value, ...key } of seed.keys)
    await store.insertApiKey({ ...key, hash: await hasher.hash(value) }, undefined, SERVICE_AUDIT);
  for (const course of seed.courses) await store.insertCourse(course);
}
