import type { ServerResponse } from 'node:http';

/** Where the pipeline steps put response headers: Node's response itself or a {@link HeaderList}. */
export interface HeaderSink {
  setHeader(name: string, value: string): unknown;
}

/**
 * Response headers kept as a flat `[name, value, …]` list and sent by one `writeHead`. Node then
 * checks each header once, as it writes the head; `setHeader` also keeps a map of them, which
 * measured about 10 µs more per answer with the dozen headers an API answer carries. Names are
 * the pipeline's own, always spelt the same way, so a name set twice is found by equality.
 */
export class HeaderList implements HeaderSink {
  readonly #list: string[];

  constructor(initial: readonly string[] = []) {
    this.#list = initial.slice();
  }

  /** Sets `name` to `value`, replacing an earlier value. */
  setHeader(name: string, value: string): this {
    const list = this.#list;
    for (let i = 0; i < list.length; i += 2) {
      if (list[i] === name) {
        list[i + 1] = value;
        return this;
      }
    }
    list.push(name, value);
    return this;
  }

  /** The value set for `name`, if any. */
  get(name: string): string | undefined {
    const list = this.#list;
    for (let i = 0; i < list.length; i += 2) if (list[i] === name) return list[i + 1];
    return undefined;
  }

  /** Writes the status line with these headers, over any `res` already has of the same names. */
  writeHead(res: ServerResponse, status: number): void {
    res.writeHead(status, this.#list);
  }

  /** Sets these headers on `res`, for an answer something else writes (an error Koa renders). */
  copyTo(res: ServerResponse): void {
    const list = this.#list;
    for (let i = 0; i < list.length; i += 2) res.setHeader(list[i] as string, list[i + 1] as string);
  }
}
