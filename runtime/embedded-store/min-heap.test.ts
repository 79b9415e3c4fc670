import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MinHeap } from './min-heap.ts';

// Pairs ordered by their first number, then their second: ties as the stores break them by seq.
const earlier = (a: [number, number], b: [number, number]) => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);

describe('MinHeap', () => {
  it('gives back any pushes and pops in the order a sort gives, the least first', () => {
    const op = fc.oneof(fc.tuple(fc.integer({ min: 0, max: 20 }), fc.nat(1000)), fc.constant('pop' as const));
    fc.assert(
      fc.property(fc.array(op, { maxLength: 200 }), (ops) => {
        const heap = new MinHeap(earlier);
        const model: Array<[number, number]> = [];
        for (const next of ops) {
          if (next === 'pop') {
            model.sort((a, b) => (earlier(a, b) ? -1 : earlier(b, a) ? 1 : 0));
            const expected = model.shift();
            expect(heap.pop()).toEqual(expected);
          } else {
            heap.push(next);
            model.push(next);
          }
          expect(heap.size).toBe(model.length);
        }
      }),
    );
  });

  it('peeks without taking, and is empty after a clear', () => {
    const heap = new MinHeap<[number, number]>(earlier);
    expect(heap.peek()).toBeUndefined();
    expect(heap.pop()).toBeUndefined();
    heap.push([5, 1]);
    heap.push([2, 9]);
    heap.push([2, 3]);
    expect(heap.peek()).toEqual([2, 3]);
    expect(heap.size).toBe(3);
    heap.clear();
    expect(heap.size).toBe(0);
    expect(heap.peek()).toBeUndefined();
  });
});
