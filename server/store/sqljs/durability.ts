import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { StoreLogger } from '../store-logger.ts';
import { NO_STORE_PROBE, type StoreProbe } from '../store-probe.ts';
import type { SqlDatabase } from './database.ts';
import { FILES, fsyncDir, writeSnapshot } from './files.ts';
import { encodeEntry, type SqlOp } from './journal-codec.ts';
import { JournalWriter } from './journal-writer.ts';
import { META, SQL } from './statements.ts';

/** When the journal is big enough that replaying it would slow the next start, and where files go. */
export interface DurabilityOptions {
  dir: string;
  logger: StoreLogger;
  /** Checkpoint in the background once the journal holds this many bytes (default 32 MiB). */
  checkpointBytes?: number;
  /** Checkpoint in the background once the journal holds this many entries (default 50,000). */
  checkpointEntries?: number;
  /** Told of each journal write and checkpoint. */
  probe?: StoreProbe | undefined;
}

/**
 * Makes writes to an in-memory database durable: each write becomes one journal entry (group
 * committed), and checkpoints fold the journal into a snapshot so it never grows without bound.
 */
export class Durability {
  #writer!: JournalWriter;
  #checkpointing: Promise<void> | undefined;
  #broken = false;
  #closing = false;
  /** A checkpoint is due and starts on the next turn of the event loop. */
  #checkpointDue = false;

  private constructor(
    private readonly db: SqlDatabase,
    /** The last entry journaled. */
    private seq: number,
    private readonly options: DurabilityOptions,
  ) {}

  /** Starts journaling after entry `seq` into the (already reset) journal of `options.dir`. */
  static async open(db: SqlDatabase, seq: number, options: DurabilityOptions): Promise<Durability> {
    const durability = new Durability(db, seq, options);
    const onFlushed = (bytes: number, entries: number) => durability.#onFlushed(bytes, entries);
    const path = join(options.dir, FILES.journal);
    durability.#writer = await JournalWriter.open(path, onFlushed, options.probe ?? NO_STORE_PROBE);
    return durability;
  }

  /** Why writes are refused, if they are. */
  get failure(): Error | undefined {
    return this.#writer.failure;
  }

  /** Journals `ops`, already applied in memory; resolves once the entry is durable. */
  append(ops: readonly SqlOp[]): Promise<void> {
    this.seq++;
    return this.#writer.append(encodeEntry({ seq: this.seq, ops: [...ops] }));
  }

  /**
   * Writes a snapshot of everything applied so far and drops the journal it covers. If one is
   * already running it waits for it and writes another, since that one may predate recent writes.
   */
  async checkpoint(): Promise<void> {
    while (this.#checkpointing) await this.#checkpointing.catch(() => {});
    return this.#startCheckpoint();
  }

  /**
   * Waits until nothing is in flight: queued writes on disk, no checkpoint running or due. Starts
   * nothing, so what is on disk then is what a crash at that moment would leave.
   */
  async idle(): Promise<void> {
    for (;;) {
      await this.#writer.idle();
      if (this.#checkpointing) await this.#checkpointing.catch(() => {});
      else if (this.#checkpointDue) await new Promise((resolve) => setImmediate(resolve));
      else return;
    }
  }

  /** Waits for queued writes, checkpoints unless the journal failed, and closes the journal. */
  async close(): Promise<void> {
    this.#closing = true;
    await this.#checkpointing?.catch(() => {});
    await this.#writer.idle();
    try {
      if (!this.#writer.failure && !this.#broken) await this.checkpoint();
    } finally {
      await this.#writer.close();
    }
  }

  #startCheckpoint(): Promise<void> {
    this.#checkpointing ??= this.#checkpoint()
      .catch((error: unknown) => {
        // The journal still holds every write, so nothing is lost; stop trying so a full disk
        // does not turn into a checkpoint loop, and let the next start replay.
        this.#broken = true;
        throw new Error('checkpoint failed', { cause: error });
      })
      .finally(() => {
        this.#checkpointing = undefined;
      });
    return this.#checkpointing;
  }

  async #checkpoint(): Promise<void> {
    if (this.#writer.failure) throw this.#writer.failure;
    const ended = (this.options.probe ?? NO_STORE_PROBE).checkpoint();
    try {
      const started = performance.now();
      const { dir } = this.options;
      const seq = this.seq;
      // Outside the journal on purpose: it describes the snapshot, and replay never needs it.
      this.db.transact([[SQL.setMeta, [META.journalSeq, seq]]]);
      const bytes = this.db.snapshot();
      // Same tick as taking the bytes: every entry after `seq` goes to the next file.
      const rotated = this.#writer.rotate(join(dir, FILES.nextJournal));
      // Observed now so a journal failure during the snapshot write is not an unhandled rejection.
      rotated.catch(() => {});
      const written = writeSnapshot(dir, bytes);
      const blockedMs = Math.round(performance.now() - started);
      await written;
      await rotated;
      await rm(join(dir, FILES.journal), { force: true });
      await rename(join(dir, FILES.nextJournal), join(dir, FILES.journal));
      await fsyncDir(dir);
      const ms = Math.round(performance.now() - started);
      this.options.logger.info({ seq, bytes: bytes.length, blockedMs, ms }, 'store checkpoint written');
    } finally {
      ended();
    }
  }

  #onFlushed(fileBytes: number, fileEntries: number): void {
    const { checkpointBytes = 32 * 1024 * 1024, checkpointEntries = 50_000 } = this.options;
    if (fileBytes < checkpointBytes && fileEntries < checkpointEntries) return;
    if (this.#checkpointing || this.#broken || this.#closing) return;
    // Deferred so the acknowledgements of this flush go out before the snapshot is taken.
    this.#checkpointDue = true;
    setImmediate(() => {
      this.#checkpointDue = false;
      if (this.#closing || this.#checkpointing) return;
      this.#startCheckpoint().catch((error: unknown) =>
        this.options.logger.error({ err: error }, 'store checkpoint failed'),
      );
    });
  }
}
