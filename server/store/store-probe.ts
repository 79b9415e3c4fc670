/** How the PostgreSQL pool stands at a moment. */
interface PoolState {
  /** Connections the pool may open at most. */
  max: number;
  /** Connections open, busy or idle. */
  total: number;
  idle: number;
  /** Callers waiting for a connection. */
  waiting: number;
}

/**
 * What a store reports of its own work, for metrics and traces. Each timed step calls the
 * function it gets at the start once the step has ended. {@link NO_STORE_PROBE} ignores all.
 */
export interface StoreProbe {
  /** A group write of the sql.js journal (one write and one fdatasync) begins. */
  journalFlush(): () => void;
  /** A sql.js checkpoint (a snapshot written, the journal dropped) begins. */
  checkpoint(): () => void;
  /** A PostgreSQL statement, by its prepared statement's name, begins. */
  query(statement: string): () => void;
  /** Registers how to read the PostgreSQL pool's state, read whenever metrics are collected. */
  watchPool(read: () => PoolState): void;
}

const ignore = () => undefined;

/** The probe that ignores everything: the default. */
export const NO_STORE_PROBE: StoreProbe = {
  journalFlush: () => ignore,
  checkpoint: () => ignore,
  query: () => ignore,
  watchPool: ignore,
};
