import { type FileHandle, open } from 'node:fs/promises';

/** Where a {@link GroupCommit} puts its batches: one write, then one sync that makes it durable. */
export interface CommitSink {
  write(bytes: Buffer): Promise<void>;
  sync(): Promise<void>;
}

interface Waiter {
  resolve(): void;
  reject(error: Error): void;
}

/**
 * Appends lines with group commit, as our journal does: every line appended while a sync is in
 * flight (or in the same turn of the event loop) goes out in the next single write and sync, and
 * its promise resolves only once that sync returned. After a failure every later append is refused:
 * after a failed fsync the kernel may have dropped the pages, so nothing can be acknowledged.
 */
export class GroupCommit {
  #lines: string[] = [];
  #waiters: Waiter[] = [];
  #running = false;
  #idle: Array<() => void> = [];
  #failure: Error | undefined;

  constructor(private readonly sink: CommitSink) {}

  /** Queues `line` (newline-terminated); resolves once it is durable. */
  append(line: string): Promise<void> {
    if (this.#failure) return Promise.reject(this.#failure);
    return new Promise<void>((resolve, reject) => {
      this.#lines.push(line);
      this.#waiters.push({ resolve, reject });
      if (this.#running) return;
      this.#running = true;
      // setImmediate, not a microtask: requests parsed in the same poll phase join the first batch.
      setImmediate(() => void this.#run());
    });
  }

  /** Resolves once nothing is queued or being written. */
  idle(): Promise<void> {
    if (!this.#running) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }

  async #run(): Promise<void> {
    while (this.#lines.length > 0) {
      const lines = this.#lines;
      const waiters = this.#waiters;
      this.#lines = [];
      this.#waiters = [];
      try {
        await this.sink.write(Buffer.from(lines.join(''), 'utf8'));
        await this.sink.sync();
      } catch (error) {
        this.#failure = new Error('journal write failed', { cause: error });
        for (const waiter of [...waiters, ...this.#waiters.splice(0)]) waiter.reject(this.#failure);
        this.#lines = [];
        break;
      }
      for (const waiter of waiters) waiter.resolve();
    }
    this.#running = false;
    for (const resolve of this.#idle.splice(0)) resolve();
  }
}

/** A {@link CommitSink} appending to the file at `path`, synced with `fdatasync`; and its closer. */
export async function fileSink(path: string): Promise<CommitSink & { close(): Promise<void> }> {
  const handle: FileHandle = await open(path, 'a');
  return {
    async write(bytes) {
      // A write to a regular file may be short; loop until the whole batch is in.
      for (let offset = 0; offset < bytes.length; ) {
        const { bytesWritten } = await handle.write(bytes, offset, bytes.length - offset);
        offset += bytesWritten;
      }
    },
    sync: () => handle.datasync(),
    close: () => handle.close(),
  };
}
