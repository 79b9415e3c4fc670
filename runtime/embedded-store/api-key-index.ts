import type { ApiKeyRecord, PageQuery } from '../core/index.ts';
import type { KeyEnvironment } from '../domain/api-key-format.ts';
import { insertBySeq, newestBefore, replaceBySeq } from './seq-order.ts';

/** A frozen copy of `key` (scopes too), fields in the order of the `api_keys` columns. */
export function apiKeyRecord(key: Omit<ApiKeyRecord, 'seq'>, seq: number): ApiKeyRecord {
  return Object.freeze({
    id: key.id,
    ownerId: key.ownerId,
    name: key.name,
    hash: key.hash,
    start: key.start,
    environment: key.environment,
    scopes: Object.freeze([...key.scopes]) as string[],
    createdAt: key.createdAt,
    lastUsedAt: key.lastUsedAt,
    expiresAt: key.expiresAt,
    revokedAt: key.revokedAt,
    seq,
    rolledFrom: key.rolledFrom,
    rolledTo: key.rolledTo,
  });
}

/**
 * API keys as plain JS: by hash (every authenticated request), by id, and per owner in `seq`
 * order. Like `CourseIndex` it holds frozen records and replaces them, never changes one.
 */
export class ApiKeyIndex {
  readonly #byHash = new Map<string, ApiKeyRecord>();
  readonly #byId = new Map<string, ApiKeyRecord>();
  readonly #byOwner = new Map<string, ApiKeyRecord[]>();

  /** Whether a key with `key`'s id or hash is stored. */
  holds(key: Pick<ApiKeyRecord, 'id' | 'hash'>): boolean {
    return this.#byId.has(key.id) || this.#byHash.has(key.hash);
  }

  /** Like `WHERE hash = ?`. */
  findByHash(hash: string): ApiKeyRecord | undefined {
    return this.#byHash.get(hash);
  }

  /** Like `WHERE id = ? AND owner_id = ?`. */
  get(ownerId: string, id: string): ApiKeyRecord | undefined {
    const key = this.#byId.get(id);
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
    const items = this.#byOwner.get(listKey(query.ownerId, query.environment));
    return items ? newestBefore(items, query.beforeSeq, query.limit) : [];
  }

  /** Adds a frozen `key`. */
  add(key: ApiKeyRecord): void {
    this.#byHash.set(key.hash, key);
    this.#byId.set(key.id, key);
    // Listed per owner, and per owner and environment for the filtered list.
    for (const name of [listKey(key.ownerId), listKey(key.ownerId, key.environment)]) {
      let items = this.#byOwner.get(name);
      if (!items) {
        items = [];
        this.#byOwner.set(name, items);
      }
      insertBySeq(items, key);
    }
  }

  /** Puts a frozen `key` in the place of the stored key with its id and `seq`. */
  replace(key: ApiKeyRecord): void {
    this.#byHash.set(key.hash, key);
    this.#byId.set(key.id, key);
    for (const name of [listKey(key.ownerId), listKey(key.ownerId, key.environment)]) {
      replaceBySeq(this.#byOwner.get(name) ?? [], key);
    }
  }

  /** Forgets every key. */
  clear(): void {
    for (const map of [this.#byHash, this.#byId, this.#byOwner]) map.clear();
  }

  /** Like `UPDATE api_keys SET last_used_at = ?1 WHERE id = ?2 AND (last_used_at IS NULL OR last_used_at < ?1)`. */
  touch(id: string, lastUsedAt: string): void {
    const key = this.#byId.get(id);
    if (key && (key.lastUsedAt === null || textBefore(key.lastUsedAt, lastUsedAt))) {
      this.replace(apiKeyRecord({ ...key, lastUsedAt }, key.seq));
    }
  }
}

/** The map key of an owner's keys, in one environment or all (a NUL cannot occur in an owner id). */
function listKey(ownerId: string, environment?: KeyEnvironment): string {
  return environment === undefined ? ownerId : `${ownerId}\u0000${environment}`;
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
