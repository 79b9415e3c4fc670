import { type FileHandle, open } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { StoreProbe } from '../store-probe.ts';
import { fsyncDir, writeAll } from './files.ts';

interface Waiter {
  resolve(): void;
  reject(error: Error): void;
}

/**
 * Appends lines to a file with group commit: every line appended while the previous flush runs,
 * or in the same turn of the event loop, goes out in one `write` and one `fdatasync`. A line's
 * promise resolves only once it is durable. After a failed write or sync nothing is retried
 * (after a failed fsync the kernel may have dropped the dirty pages), and every later append is
 * refused with that error.
 */
export class JournalWriter {
  #queue: Array<Waiter & { line: string }> = [];
  /** The run that writes what is queued, until nothing is. */
  #running: Promise<void> | undefined;
  #rotation: { path: string; done: Waiter } | undefined;
  #failure: Error | undefined;
  /** Bytes and entries in the current file, which decide when to checkpoint. */
  #fileBytes = 0;
  #fileEntries = 0;

  private constructor(
    private handle: FileHandle,
    private readonly onFlushed: (bytes: number, entries: number) => void,
    private readonly probe: StoreProbe,
  ) {}

  /** Opens `path` for appending; `onFlushed` runs after each group write, which `probe` times. */
  static async open(path: string, onFlushed: (bytes: number, entries: number) => void, probe: StoreProbe) {
    return new JournalWriter(await open(path, 'a'), onFlushed, probe);
  }

  /** The error that stopped the journal, if one did. */
  get failure(): Error | undefined {
    return this.#failure;
  }

  /** Queues `line` (newline-terminated); resolves once it is on disk. */
  append(line: string): Promise<void> {
    if (this.#failure) return Promise.reject(this.#failure);
    return new Promise<void>((resolve, reject) => {
      this.#queue.push({ line, resolve, reject });
      this.#start();
    });
  }

  /**
   * Sends later writes to a new, empty file at `path` (created or truncated); resolves once the
   * old file is closed, so no line can reach it any more.
   */
  rotate(path: string): Promise<void> {
    if (this.#failure) return Promise.reject(this.#failure);
    return new Promise<void>((resolve, reject) => {
      this.#rotation = { path, done: { resolve, reject } };
      this.#start();
    });
  }

  /** Resolves once nothing is queued or being written. */
  idle(): Promise<void> {
    return this.#running ?? Promise.resolve();
  }

  /** Waits for pending lines, then closes the file. */
  async close(): Promise<void> {
    await this.idle();
    await this.handle.close();
  }

  #start(): void {
    // setImmediate, not a microtask: requests that arrive in the same poll phase join the group.
    this.#running ??= new Promise((resolve) => setImmediate(resolve)).then(() => this.#run());
  }

  async #run(): Promise<void> {
    while (!this.#failure && (this.#queue.length > 0 || this.#rotation)) {
      const rotation = this.#rotation;
      this.#rotation = undefined;
      if (rotation) {
        try {
          const handle = await open(rotation.path, 'w');
          // The new file must survive a crash before any acknowledged line lives only in it.
          await fsyncDir(dirname(rotation.path));
          await this.handle.close();
          this.handle = handle;
          this.#fileBytes = 0;
          this.#fileEntries = 0;
          rotation.done.resolve();
        } catch (error) {
          rotation.done.reject(this.#fail(error));
        }
        continue;
      }
      const batch = this.#queue;
      this.#queue = [];
      const ended = this.probe.journalFlush();
      try {
        const bytes = Buffer.from(batch.map((queued) => queued.line).join(''), 'utf8');
        await writeAll(this.handle, bytes);
        await this.handle.datasync();
        ended();
        this.#fileBytes += bytes.length;
        this.#fileEntries += batch.length;
      } catch (error) {
        ended();
        const failure = this.#fail(error);
        for (const queued of batch) queued.reject(failure);
        continue;
      }
      for (const queued of batch) queued.resolve();
      this.onFlushed(this.#fileBytes, this.#fileEntries);
    }
    this.#running = undefined;
  }

  #fail(error: unknown): Error {
    this.#failure = new Error('journal write failed; the store no longer accepts writes', { cause: error });
    for (const queued of this.#queue.splice(0)) queued.reject(this.#failure);
    this.#rotation?.done.reject(this.#failure);
    this.#rotation = undefined;
    return this.#failure;
  }
}
