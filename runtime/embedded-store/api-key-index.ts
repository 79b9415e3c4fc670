import { type ApiKeyRecord, KEY_FIELDS, type PageQuery } from '../core/index.ts';
import type { KeyEnvironment } from '../domain/api-key-format.ts';
import { frozenRecord, GroupedIndex, ownerGroup } from './grouped-index.ts';
import { newestBefore } from './seq-order.ts';

/** A frozen copy of `key` (scopes too), fields in {@link KEY_FIELDS} order, as courses are. */
export function apiKeyRecord(key: Omit<ApiKeyRecord, 'seq'>, seq: number): ApiKeyRecord {
  return frozenRecord(KEY_FIELDS, { ...key, scopes: Object.freeze([...key.scopes]) }, seq);
}

/**
 * API keys as plain JS: by hash (every authenticated request), by id, and per owner (and per owner
 * and environment) in `seq` order. Like `CourseIndex` it holds frozen records and replaces them.
 */
export class ApiKeyIndex {
  readonly #byHash = new Map<string, ApiKeyRecord>();
  readonly #keys = new GroupedIndex<ApiKeyRecord>((key) => [key.ownerId, ownerGroup(key)]);

  /** Whether a key with `key`'s id or hash is stored. */
  holds(key: Pick<ApiKeyRecord, 'id' | 'hash'>): boolean {
    return this.#keys.get(key.id) !== undefined || this.#byHash.has(key.hash);
  }

  /** Like `WHERE hash = ?`. */
  findByHash(hash: string): ApiKeyRecord | undefined {
    return this.#byHash.get(hash);
  }

  /** Like `WHERE id = ? AND owner_id = ?`. */
  get(ownerId: string, id: string): ApiKeyRecord | undefined {
    const key = this.#keys.get(id);
    return key?.ownerId === ownerId ? key : undefined;
  }

  /**
   * The key `id` of `ownerId` while it can be rolled at `now` (ISO text): neither revoked, nor
   * rolled, nor expired; the condition of a roll's compare-and-set.
   */
  rollable(ownerId: string, id: string, now: string): ApiKeyRecord | undefined {
    const key = this.get(ownerId, id);
    if (!key || key.revokedAt !== null || key.rolledTo !== null) return undefined;
    return key.expiresAt !== null && Date.parse(key.expiresAt) <= Date.parse(now) ? undefined : key;
  }

  /** Like `WHERE owner_id = ? [AND environment = ?] AND seq < ? ORDER BY seq DESC LIMIT ?`. */
  list(query: PageQuery & { environment?: KeyEnvironment | undefined }): ApiKeyRecord[] {
    const { ownerId, environment } = query;
    const keys = this.#keys.group(environment === undefined ? ownerId : ownerGroup({ ownerId, environment }));
    return newestBefore(keys, query.beforeSeq, query.limit);
  }

  /** Adds a frozen `key`, or puts it in the place of the stored key with its id. */
  put(key: ApiKeyRecord): void {
    this.#byHash.set(key.hash, key);
    this.#keys.put(key);
  }

  /** Like `UPDATE api_keys SET last_used_at = ?1 WHERE id = ?2 AND (last_used_at IS NULL OR last_used_at < ?1)`. */
  touch(id: string, lastUsedAt: string): void {
    const key = this.#keys.get(id);
    if (key && (key.lastUsedAt === null || textBefore(key.lastUsedAt, lastUsedAt))) {
      this.put(apiKeyRecord({ ...key, lastUsedAt }, key.seq));
    }
  }
}

/**
 * `a < b` as SQLite compares TEXT (BINARY collation: UTF-8 bytes, that is code points). JS `<`
 * compares UTF-16 units, which differs only when a surrogate pair meets a unit from U+E000 up.
 */
export function textBefore(a: string, b: string): boolean {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const xPair = x >= 0xd800 && x < 0xe000;
    const yPair = y >= 0xd800 && y < 0xe000;
    if (xPair !== yPair && (xPair ? y : x) >= 0xe000) return yPair;
    return x < y;
  }
  return a.length < b.length;
}
