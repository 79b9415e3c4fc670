import { type FileHandle, open } from 'node:fs/promises';
import type { Database, SqlJsStatic } from 'sql.js';

/** Spare room behind the database file: address space only, until pages are written there. */
const MIN_ROOM = 256 * 1024 * 1024;

/** How big a buffer to give a database file of `size` bytes. */
function roomFor(size: number, minRoom = MIN_ROOM): number {
  return size + Math.max(minRoom, size);
}

/**
 * A sql.js database whose file lives in a buffer this module owns.
 *
 * sql.js keeps a database file in emscripten's in-memory file system, whose buffer grows a step at
 * a time into a fresh buffer with a full copy. Every newly touched page of memory costs time, so
 * each such copy blocks the event loop and the copies add up across inserts (decision 0002). The
 * file system takes the bytes a database is opened from as `bytes.slice(0, length)`; handing it a
 * view whose `slice` returns a larger buffer lets the file grow in place for as long as the room lasts.
 *
 * Owning the buffer also makes snapshots cheap: between transactions it holds exactly the database
 * file, so {@link copy} copies it into a buffer made ready beforehand, or {@link current} hands it
 * out in place, where sql.js's `export()` backs the database up page by page into a fresh buffer,
 * most of its time spent touching new memory. Either way the bytes are first checked against what
 * was just written.
 */
export class DatabaseFile {
  readonly database: Database;
  readonly #whole: Uint8Array<ArrayBuffer>;
  #copyBuffer: Uint8Array | undefined;
  #preparing: Promise<void> | undefined;

  /**
   * Opens `image` (a database file, or `undefined` for a new database) with at least `minRoom`
   * bytes to grow into. Use {@link readWithRoom} to read the file so that it already has room
   * behind it; otherwise it is copied into a buffer that has.
   */
  constructor(
    private readonly SQL: SqlJsStatic,
    image: Uint8Array | undefined,
    minRoom = MIN_ROOM,
  ) {
    const bytes = image ?? emptyDatabase(SQL);
    this.#whole = hasRoom(bytes, minRoom) ? wholeBuffer(bytes) : withRoom(bytes, minRoom);
    this.database = new SQL.Database(new ViewWithRoom(this.#whole, bytes.length));
  }

  /** The database file's size in bytes. */
  size(): number {
    const [pages, pageSize] = this.database
      .exec('PRAGMA page_count; PRAGMA page_size')
      .map((result) => Number(result.values[0]?.[0]));
    return (pages ?? 0) * (pageSize ?? 0);
  }

  /**
   * Gets a buffer of `bytes` ready for {@link copy}, touching its pages a slice at a time between
   * other work: a first touch of memory is what costs, and a copy into touched memory is quick
   * (decision 0002). A call while a buffer is being made ready waits for that one, whatever its size.
   */
  prepareCopy(bytes: number): Promise<void> {
    if ((this.#copyBuffer?.length ?? 0) >= bytes) return Promise.resolve();
    this.#preparing ??= touchInSlices(new Uint8Array(bytes)).then((buffer) => {
      this.#copyBuffer = buffer;
      this.#preparing = undefined;
    });
    return this.#preparing;
  }

  /**
   * A copy of the database file as it is now, in the buffer {@link prepareCopy} made ready,
   * checked by `isCurrent` through a read-only connection of its own; `undefined` when no buffer
   * is ready or big enough, or the check fails. Valid until {@link releaseCopy}.
   */
  copy(isCurrent: (image: Database) => boolean): Uint8Array | undefined {
    const size = this.size();
    const buffer = this.#copyBuffer;
    if (!buffer || size > buffer.length || size > this.#whole.length) return undefined;
    const image = buffer.subarray(0, size);
    image.set(this.#whole.subarray(0, size));
    return this.#checked(image, isCurrent);
  }

  /** Lets the copy buffer go, its memory back to the system. */
  releaseCopy(): void {
    this.#copyBuffer = undefined;
  }

  /**
   * The database file as it is now, in place: valid only until the next write, so use it in the
   * same turn of the event loop. Checked like {@link copy}; `undefined` when the file no longer
   * lives in this buffer (it outgrew the room) or the check fails.
   */
  current(isCurrent: (image: Database) => boolean): Uint8Array | undefined {
    const size = this.size();
    if (size > this.#whole.length) return undefined;
    return this.#checked(this.#whole.subarray(0, size), isCurrent);
  }

  #checked(image: Uint8Array, isCurrent: (image: Database) => boolean): Uint8Array | undefined {
    // A Buffer's `slice` is a view, so the check reads the bytes in place, without copying them.
    const check = new this.SQL.Database(Buffer.from(image.buffer, image.byteOffset, image.length));
    try {
      check.exec('PRAGMA query_only = 1');
      return isCurrent(check) ? image : undefined;
    } finally {
      check.close();
    }
  }
}

/** Touches every page of `buffer`, 64 pages per turn of the event loop; resolves with it. */
async function touchInSlices(buffer: Uint8Array): Promise<Uint8Array> {
  const page = 4096;
  const slice = 64 * page;
  for (let start = 0; start < buffer.length; start += slice) {
    const end = Math.min(buffer.length, start + slice);
    for (let i = start; i < end; i += page) buffer[i] = 0;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return buffer;
}

/**
 * Reads the file at `path` into the start of a buffer with {@link roomFor} its size, reading
 * straight into it so no page is touched twice; `undefined` when the file does not exist.
 */
export async function readWithRoom(path: string): Promise<Uint8Array | undefined> {
  let handle: FileHandle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const { size } = await handle.stat();
    const whole = new Uint8Array(roomFor(size));
    let offset = 0;
    while (offset < size) {
      const { bytesRead } = await handle.read(whole, offset, size - offset, offset);
      if (bytesRead === 0) throw new Error(`${path}: file shrank while it was read`);
      offset += bytesRead;
    }
    return whole.subarray(0, size);
  } finally {
    await handle.close();
  }
}

/** The bytes, with `slice(0, length)` (how emscripten takes a new file's contents) returning all of the room. */
class ViewWithRoom extends Uint8Array {
  static get [Symbol.species]() {
    return Uint8Array;
  }

  readonly #whole: Uint8Array<ArrayBuffer>;

  constructor(whole: Uint8Array<ArrayBuffer>, length: number) {
    super(whole.buffer, whole.byteOffset, length);
    this.#whole = whole;
  }

  override slice(start = 0, end = this.length): Uint8Array<ArrayBuffer> {
    return start === 0 && end === this.length ? this.#whole : super.slice(start, end);
  }
}

function hasRoom(bytes: Uint8Array, minRoom: number): boolean {
  return bytes.buffer.byteLength - bytes.byteOffset >= roomFor(bytes.length, minRoom);
}

function wholeBuffer(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const { buffer, byteOffset } = bytes as Uint8Array<ArrayBuffer>;
  return new Uint8Array(buffer, byteOffset, buffer.byteLength - byteOffset);
}

function withRoom(bytes: Uint8Array, minRoom: number): Uint8Array<ArrayBuffer> {
  const whole = new Uint8Array(roomFor(bytes.length, minRoom));
  whole.set(bytes);
  return whole;
}

/** The file of an empty database (one page), so a new database gets room like a loaded one. */
function emptyDatabase(SQL: SqlJsStatic): Uint8Array {
  const empty = new SQL.Database();
  try {
    return empty.export();
  } finally {
    empty.close();
  }
}
