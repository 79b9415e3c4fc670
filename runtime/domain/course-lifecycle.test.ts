import { describe, expect, it } from 'vitest';
import { allowedTransitions, isDeletable, isEditable, nextStatus } from './course-lifecycle.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';

describe('course lifecycle', () => {
  it('allows draft → published → archived → draft and draft → archived, nothing else', () => {
    expect(nextStatus('draft', 'publish')).toBe('published');
    expect(nextStatus('draft', 'archive')).toBe('archived');
    expect(nextStatus('published', 'archive')).toBe('archived');
    expect(nextStatus('archived', 'restore')).toBe('draft');
    expect(nextStatus('published', 'publish')).toBeUndefined();
    expect(nextStatus('published', 'restore')).toBeUndefined();
    expect(nextStatus('archived', 'publish')).toBeUndefined();
    expect(allowedTransitions('archived')).toEqual(['restore']);
  });

  it('keeps archived courses read-only and published ones undeletable', () => {
    expect([isEditable('draft'), isEditable('published'), isEditable('archived')]).toEqual([
      true,
      true,
      false,
    ]);
    expect([isDeletable('draft'), isDeletable('published'), isDeletable('archived')]).toEqual([
      true,
      false,
      true,
    ]);
  });
});

describe('cursor', () => {
  it('round-trips a position and refuses what it did not make', () => {
    expect(decodeCursor(encodeCursor(42))).toBe(42);
    expect(encodeCursor(42)).toMatch(/^[A-Za-z0-9_-]+$/);
    for (const forged of ['Zm9vYmFy', '!!!', btoa('v1:-1'), btoa('v2:5')])
      expect(decodeCursor(forged)).toBeUndefined();
  });
});
