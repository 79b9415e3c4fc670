import { describe, expect, it } from 'vitest';
import { HeaderList } from './header-list.ts';

describe('HeaderList', () => {
  it('keeps each name once, with the value set last, in the order first set', () => {
    const list = new HeaderList(['X-A', '1', 'X-B', '2']).set('X-A', '3');
    expect(list.get('X-A')).toBe('3');
    expect(list.flat()).toEqual(['X-A', '3', 'X-B', '2']);
  });

  it('sets every header of a record, and never shares its list with the initial one', () => {
    const initial = ['X-A', '1'];
    const list = new HeaderList(initial).setAll({ 'X-A': '2', 'X-C': '3' });
    expect(list.flat()).toEqual(['X-A', '2', 'X-C', '3']);
    expect(initial).toEqual(['X-A', '1']);
    expect(list.get('X-Missing')).toBeUndefined();
  });
});
