import type { Ajv2020 } from 'ajv/dist/2020.js';
import { parseApiKey } from '../domain/api-key-format.ts';
import { newApiKeyId, newCourseId } from '../domain/ids.ts';
import { DEFAULT_OWNER, type ResolvedOptions } from './mock-options.ts';
import type { ApiKeyRecord, CourseRecord, Model } from './model.ts';
import { specRef } from './spec-ajv.ts';
import { apiKeyView, courseView } from './views.ts';

function check(ajv: Ajv2020, schema: string, value: unknown, what: string): void {
  const validate = ajv.compile(specRef(['components', 'schemas', schema]));
  if (!validate(value)) {
    const reasons = (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ');
    throw new TypeError(`${what} is not a valid ${schema}: ${reasons}`);
  }
}

function seedCourses(options: ResolvedOptions, ajv: Ajv2020): Omit<CourseRecord, 'seq'>[] {
  const now = options.clock().toISOString();
  return options.seed.courses.map((seed, i) => {
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
    check(ajv, 'Course', courseView({ ...course, seq: 0 }), `seed.courses[${i}]`);
    return course;
  });
}

function declaredKeys(
  options: ResolvedOptions,
  ajv: Ajv2020,
  allScopes: string[],
): Omit<ApiKeyRecord, 'seq'>[] {
  const now = options.clock();
  return options.apiKeys.map((declared, i) => {
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
      createdAt: now.toISOString(),
      lastUsedAt: null,
      expiresAt: declared.expiresAt ?? null,
      revokedAt: declared.revokedAt ?? null,
    };
    check(ajv, 'ApiKey', apiKeyView({ ...key, seq: 0 }, now), `apiKeys[${i}]`);
    return key;
  });
}

/**
 * Checks the declared keys and seed courses once (every record must be valid against the spec) and
 * returns the function that puts them into a model, on creation and on every `reset()`.
 *
 * @example const model = createModel(buildSeed(options, ajv, ['courses:read', 'courses:write']));
 */
export function buildSeed(
  options: ResolvedOptions,
  ajv: Ajv2020,
  allScopes: string[],
): (model: Model) => void {
  const keys = declaredKeys(options, ajv, allScopes);
  const values = new Set(keys.map((key) => key.value));
  if (values.size !== keys.length) throw new TypeError('apiKeys declares the same key value twice.');
  const courses = seedCourses(options, ajv);
  return (model) => {
    for (const key of keys)
      model.apiKeys.set(key.id, { ...key, scopes: [...key.scopes], seq: model.nextSeq() });
    for (const course of courses) model.courses.set(course.id, { ...course, seq: model.nextSeq() });
  };
}
