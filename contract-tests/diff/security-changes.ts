import { down, type Place } from './change.ts';
import type { Walk } from './schema-changes.ts';

type Requirement = Record<string, string[]>;

/** An operation's security requirements: its own, else the document's; none means anonymous. */
function requirementsOf(document: Record<string, unknown>, own: unknown): Requirement[] {
  const list = (own ?? document.security ?? []) as Requirement[];
  return list.length === 0 ? [{}] : list;
}

/** Whether a client that meets `held` (schemes with scopes) also meets `needed`. */
function satisfies(held: Requirement, needed: Requirement): boolean {
  return Object.entries(needed).every(([scheme, scopes]) => {
    const has = held[scheme];
    return has !== undefined && scopes.every((scope) => has.includes(scope));
  });
}

const describe = (requirement: Requirement) => {
  const parts = Object.entries(requirement).map(([scheme, scopes]) =>
    scopes.length > 0 ? `${scheme} [${scopes.join(', ')}]` : scheme,
  );
  return parts.length > 0 ? parts.join(' + ') : 'no credential';
};

/** What a client meeting `held` now lacks against the closest alternative of `head`. */
function missing(held: Requirement, head: Requirement[]): string {
  const reasons = head.map((needed) => {
    const lacks = Object.entries(needed).flatMap(([scheme, scopes]) => {
      const has = held[scheme];
      if (has === undefined) return [`scheme ${scheme}`];
      return scopes.filter((scope) => !has.includes(scope)).map((scope) => `scope ${scope}`);
    });
    return lacks;
  });
  const closest = reasons.sort((a, b) => a.length - b.length)[0] ?? [];
  return closest.join(', ');
}

/**
 * Compares the security an operation takes, from a client's side: each alternative a client could
 * meet before must still be enough (no new scheme or scope required), and the schemes it names
 * must keep their type and placement.
 *
 * @example compareSecurity({ docs, emit }, baseOperation.security, headOperation.security, place);
 */
export function compareSecurity(walk: Walk, base: unknown, head: unknown, place: Place): void {
  const { docs, emit } = walk;
  const before = requirementsOf(docs.base, base);
  const after = requirementsOf(docs.head, head);
  const at = { ...down(place, 'security'), label: 'security' };
  for (const held of before) {
    if (after.some((needed) => satisfies(held, needed))) continue;
    emit(
      'breaking',
      'security-requirement-changed',
      at,
      `a client with ${describe(held)} now also needs ${missing(held, after)}`,
    );
  }
  const stricter = before.some((held) => !after.some((needed) => satisfies(held, needed)));
  const same = (a: Requirement, b: Requirement) => satisfies(a, b) && satisfies(b, a);
  if (stricter) return;
  for (const needed of after)
    if (!before.some((held) => same(held, needed)))
      emit('safe', 'security-alternative-added', at, `${describe(needed)} now accepted`);
}

/**
 * Compares the security schemes both documents declare: a scheme that changes its type, HTTP
 * scheme, or where the credential goes breaks every client using it.
 *
 * @example compareSecuritySchemes({ docs, emit });
 */
export function compareSecuritySchemes({ docs, emit }: Walk): void {
  const schemes = (document: Record<string, unknown>) =>
    ((document.components as Record<string, unknown> | undefined)?.securitySchemes ?? {}) as Record<
      string,
      Record<string, unknown>
    >;
  const beforeSchemes = schemes(docs.base);
  const afterSchemes = schemes(docs.head);
  for (const name of Object.keys(beforeSchemes)) {
    const was = beforeSchemes[name];
    const now = afterSchemes[name];
    if (!was || !now) continue;
    for (const key of ['type', 'scheme', 'in', 'name', 'bearerFormat']) {
      if (was[key] === now[key]) continue;
      const path = ['components', 'securitySchemes', name, key];
      const where: Place = { base: path, head: path, operation: undefined, label: `security scheme ${name}` };
      emit('breaking', 'security-scheme-changed', where, `${key} ${String(was[key])} → ${String(now[key])}`);
    }
  }
}
