import type { SqlValue } from 'sql.js';
import type { IdempotentResponse } from '../../../core/index.ts';
import type { Row } from './database.ts';
import { idempotentFromRow } from './statements.ts';

/**
 * Stored responses, each kept as the row the `idempotency` table holds (the body as JSON text), so
 * every read parses a fresh body that no caller can share or change.
 */
export class IdempotencyIndex {
  readonly #rows = new Map<string, readonly SqlValue[]>();

  /** Like `WHERE scope = ? AND key = ?`. */
  get(scope: string, key: string): IdempotentResponse | undefined {
    const row = this.#rows.get(idOf(scope, key));
    return row ? idempotentFromRow(row as Row) : undefined;
  }

  /** Adds a row in `IDEMPOTENCY_COLUMNS` order (what `idempotentParams` returns). */
  add(row: readonly SqlValue[]): void {
    this.#rows.set(idOf(row[0] as string, row[1] as string), row);
  }

  /** Removes the response stored under `scope` and `key`. */
  delete(scope: string, key: string): void {
    this.#rows.delete(idOf(scope, key));
  }
}

// Length-prefixed, so no scope and key can make the same id as another pair.
function idOf(scope: string, key: string): string {
  return `${scope.length}:${scope}\n${key}`;
}
