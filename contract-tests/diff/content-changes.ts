import { down, type Place } from './change.ts';
import { compareSchemas, type Direction, type Walk } from './schema-changes.ts';
import type { Located } from './schema-view.ts';

type Obj = Record<string, unknown>;

const contentOf = (node: Obj) =>
  typeof node.content === 'object' && node.content !== null ? (node.content as Obj) : {};

/**
 * Compares the media types of a request body or a response (`content`): one removed breaks the
 * clients that use it, one added is safe, and the schemas of those in both are compared in
 * `direction`.
 *
 * @example compareContent(walk, baseResponse, headResponse, place, 'response');
 */
export function compareContent(
  walk: Walk,
  before: Located,
  after: Located,
  place: Place,
  direction: Direction,
): void {
  const was = contentOf(before.node);
  const now = contentOf(after.node);
  for (const [type, media] of Object.entries(now)) {
    const at = down(place, ['content', type], type);
    if (!(type in was)) walk.emit('safe', `${direction}-media-type-added`, at, 'media type added');
    else
      compareSchemas(
        walk,
        (was[type] as Obj).schema,
        (media as Obj).schema,
        down(at, 'schema', direction === 'response' ? 'body' : undefined),
        direction,
      );
  }
  for (const type of Object.keys(was)) {
    if (type in now) continue;
    const at: Place = { ...place, base: [...before.path, 'content', type], label: `${place.label} ${type}` };
    walk.emit('breaking', `${direction}-media-type-removed`, at, 'media type removed');
  }
}
