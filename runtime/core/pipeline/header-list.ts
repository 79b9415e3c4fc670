/**
 * An answer's headers as a flat `[name, value, …]` list, gathered step by step and handed to the
 * adapter in one piece (Node's `writeHead` takes this form as it is). Names are the pipeline's
 * own, always spelt the same way, so a name set twice is found by equality.
 *
 * @example new HeaderList().set('ETag', '"a"').get('ETag') // '"a"'
 */
export class HeaderList {
  readonly #list: string[];

  constructor(initial: readonly string[] = []) {
    this.#list = initial.slice();
  }

  /** Sets `name` to `value`, replacing an earlier value. */
  set(name: string, value: string): this {
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

  /** Sets every header of `values`. */
  setAll(values: Readonly<Record<string, string>>): this {
    for (const name in values) this.set(name, values[name] as string);
    return this;
  }

  /** The value set for `name`, if any. */
  get(name: string): string | undefined {
    const list = this.#list;
    for (let i = 0; i < list.length; i += 2) if (list[i] === name) return list[i + 1];
    return undefined;
  }

  /** The headers as `[name, value, name, value, …]`. */
  flat(): readonly string[] {
    return this.#list;
  }
}
