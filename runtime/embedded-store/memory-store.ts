import type { DependencyHealth, Store } from '../core/index.ts';
import { ApiKeyEventLog } from './api-key-events.ts';
import { ApiKeyUsageLog } from './api-key-usage.ts';
import { EmbeddedStore } from './embedded-store.ts';
import { emptyModel, type StoreModel } from './store-model.ts';

/** A {@link Store} in memory, which can also be emptied at once (the mocks' `reset()`). */
export interface MemoryStore extends Store {
  /** Forgets everything, as a new store would; `seq` starts again. */
  clear(): void;
}

/**
 * Creates an empty {@link Store} held in plain JS memory, for tests and the msw mocks (it runs in a
 * browser too). Every call completes before it resolves, so each is atomic; nothing outlives the
 * store. Records are frozen and shared with readers, never altered once handed out.
 */
export function createMemoryStore(): MemoryStore {
  return new InMemoryStore();
}

// One counter for courses and keys: seqs only grow and are never reused, even after a delete.
const memoryModel = (): StoreModel =>
  emptyModel({ oneSeq: true, local: { history: new ApiKeyEventLog(), usage: new ApiKeyUsageLog() } });

/** The embedded store with nothing to persist: its model is all it keeps, histories and usage too. */
class InMemoryStore extends EmbeddedStore implements MemoryStore {
  #closed = false;

  constructor() {
    super(memoryModel());
  }

  clear(): void {
    this.model = memoryModel();
  }

  async checkHealth(): Promise<DependencyHealth> {
    return this.#closed ? { status: 'down', detail: 'The store is closed.' } : { status: 'up' };
  }

  /** Refuses writes from now on; the data stays readable, nothing else needs releasing. */
  async close(): Promise<void> {
    this.#closed = true;
  }

  /** Keeps nothing beyond the model: a write is as durable as it gets once the model has it. */
  protected persist(): undefined {
    if (this.#closed) throw new Error('the store is closed');
  }
}
