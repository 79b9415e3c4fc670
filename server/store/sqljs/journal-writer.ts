import { type FileHandle, open } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { StoreProbe } from '../store-probe.ts';
import { fsyncDir } from './files.ts';

/** Counters for tests and metrics. */
export interface JournalStats {
  /** Group writes done, each one `write` plus one `fdatasync`. */
  flushes: number;
  /** Entries made durable. */
  entries: number;
  /** Bytes and entries in the current file, which decide when to checkpoint. */
  fileBytes: number;
  fileEntries: number;
}

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
  #handle: FileHandle;
  #lines: string[] = [];
  #waiters: Waiter[] = [];
  #running = false;
  #idle: Array<() => void> = [];
  #rotation: { path: string; done: Waiter } | undefined;
  #failure: Error | undefined;
  readonly #stats: JournalStats = { flushes: 0, entries: 0, fileBytes: 0, fileEntries: 0 };

  private constructor(
    handle: FileHandle,
    private readonly onFlushed: (stats: Readonly<JournalStats>) => void,
    private readonly probe: Pick<StoreProbe, 'journalFlush'> | undefined,
  ) {
    this.#handle = handle;
  }

  /** Opens `path` for appending; `onFlushed` runs after each group write, which `probe` times. */
  static async open(
    path: string,
    onFlushed: (stats: Readonly<JournalStats>) => void = () => {},
    probe?: Pick<StoreProbe, 'journalFlush'>,
  ) {
    return new JournalWriter(await open(path, 'a'), onFlushed, probe);
  }

  /** The error that stopped the journal, if one did. */
  get failure(): Error | undefined {
    return this.#failure;
  }

  /** A copy of the counters. */
  stats(): JournalStats {
    return { ...this.#stats };
  }

  /** Queues `line` (newline-terminated); resolves once it is on disk. */
  append(line: string): Promise<void> {
    if (this.#failure) return Promise.reject(this.#failure);
    return new Promise<void>((resolve, reject) => {
      this.#lines.push(line);
      this.#waiters.push({ resolve, reject });
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
    if (!this.#running) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }

  /** Waits for pending lines, then closes the file. */
  async close(): Promise<void> {
    await this.idle();
    await this.#handle.close();
  }

  #start(): void {
    if (this.#running) return;
    this.#running = true;
    // setImmediate, not a microtask: requests that arrive in the same poll phase join the group.
    setImmediate(() => void this.#run());
  }

  async #run(): Promise<void> {
    while (!this.#failure && (this.#lines.length > 0 || this.#rotation)) {
      const rotation = this.#rotation;
      this.#rotation = undefined;
      if (rotation) {
        try {
          await this.#switchTo(rotation.path);
          rotation.done.resolve();
        } catch (error) {
          rotation.done.reject(this.#fail(error));
        }
        continue;
      }
      const lines = this.#lines;
      const waiters = this.#waiters;
      this.#lines = [];
      this.#waiters = [];
      const ended = this.probe?.journalFlush();
      try {
        const bytes = Buffer.from(lines.join(''), 'utf8');
        await writeAll(this.#handle, bytes);
        await this.#handle.datasync();
        ended?.();
        this.#stats.flushes++;
        this.#stats.entries += lines.length;
        this.#stats.fileBytes += bytes.length;
        this.#stats.fileEntries += lines.length;
      } catch (error) {
        ended?.();
        const failure = this.#fail(error);
        for (const waiter of waiters) waiter.reject(failure);
        continue;
      }
      for (const waiter of waiters) waiter.resolve();
      this.onFlushed(this.#stats);
    }
    this.#running = false;
    for (const resolve of this.#idle.splice(0)) resolve();
  }

  async #switchTo(path: string): Promise<void> {
    const handle = await open(path, 'w');
    // The new file must survive a crash before any acknowledged line lives only in it.
    await fsyncDir(dirname(path));
    await this.#handle.close();
    this.#handle = handle;
    this.#stats.fileBytes = 0;
    this.#stats.fileEntries = 0;
  }

  #fail(error: unknown): Error {
    this.#failure = new Error('journal write failed; the store no longer accepts writes', { cause: error });
    for (const waiter of this.#waiters.splice(0)) waiter.reject(this.#failure);
    this.#lines = [];
    this.#rotation?.done.reject(this.#failure);
    this.#rotation = undefined;
    return this.#failure;
  }
}

async function writeAll(handle: FileHandle, bytes: Buffer): Promise<void> {
  let offset = 0;
  while (offset < bytes.length) {
    const { bytesWritten } = await handle.write(bytes, offset, bytes.length - offset);
    offset += bytesWritten;
  }
}
