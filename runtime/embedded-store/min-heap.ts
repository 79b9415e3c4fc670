/**
 * A binary min-heap: `push` and `pop` in O(log n), `peek` in O(1), the least item first as
 * `before` orders them. The embedded stores keep their due webhook deliveries in one, so a claim
 * takes the oldest without scanning the backlog. (Forty lines, so the mocks' bundle keeps no
 * runtime dependency.)
 *
 * @example const heap = new MinHeap<number>((a, b) => a < b); heap.push(3); heap.push(1); heap.pop() // 1
 */
export class MinHeap<T> {
  readonly #items: T[] = [];

  /** `before(a, b)`: whether `a` comes out before `b`. */
  constructor(private readonly before: (a: T, b: T) => boolean) {}

  get size(): number {
    return this.#items.length;
  }

  peek(): T | undefined {
    return this.#items[0];
  }

  push(item: T): void {
    const items = this.#items;
    let at = items.push(item) - 1;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (!this.before(item, items[parent] as T)) break;
      items[at] = items[parent] as T;
      at = parent;
    }
    items[at] = item;
  }

  pop(): T | undefined {
    const items = this.#items;
    const top = items[0];
    const last = items.pop();
    if (items.length === 0 || last === undefined) return top;
    let at = 0;
    for (;;) {
      const left = 2 * at + 1;
      if (left >= items.length) break;
      const right = left + 1;
      const child = right < items.length && this.before(items[right] as T, items[left] as T) ? right : left;
      if (!this.before(items[child] as T, last)) break;
      items[at] = items[child] as T;
      at = child;
    }
    items[at] = last;
    return top;
  }

  clear(): void {
    this.#items.length = 0;
  }
}
