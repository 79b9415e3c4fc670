import { type Change, describeChange } from './change.ts';

/** Changes with one cause: the same rule and words at the same line, met in several places. */
export interface ChangeGroup {
  first: Change;
  /** Where each was met: `GET /api/v1/courses response 400 application/problem+json body.code`. */
  places: string[];
}

/**
 * Groups changes by cause (level, rule, line and what changed), in the order first met: a change to
 * a shared schema reads as one finding, with every operation it reaches.
 *
 * @example groupChanges(changes).map((group) => group.places.length);
 */
export function groupChanges(changes: readonly Change[]): ChangeGroup[] {
  const groups = new Map<string, ChangeGroup>();
  for (const change of changes) {
    const key = `${change.level} ${change.rule} ${change.line} ${change.detail}`;
    const place = [change.operation, change.where].filter(Boolean).join(' ');
    const group = groups.get(key);
    if (group) group.places.push(place);
    else groups.set(key, { first: change, places: [place] });
  }
  return [...groups.values()];
}

/**
 * A group in one line of words: one place as {@link describeChange} says it, several as the
 * change followed by where it was met (the first few, then how many more).
 *
 * @example describeGroup(group); // 'value "request_refused" added, in 98 places: GET /api/v1/courses response 400 …'
 */
export function describeGroup(group: ChangeGroup, shown = 3): string {
  const { first, places } = group;
  if (places.length === 1) return describeChange(first);
  const listed = places.slice(0, shown).join('; ');
  const more = places.length > shown ? `; and ${places.length - shown} more` : '';
  return `${first.detail}, in ${places.length} places: ${listed}${more}`;
}
