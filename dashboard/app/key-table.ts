import type { ApiKey } from '../../sdk/index.ts';
import { h, labelCells } from './dom.ts';
import { environmentBadge } from './environment-ui.ts';
import { ageInDays, formatDate, formatDateTime, ROTATION_DAYS, timeLeft } from './format.ts';
import { inAppLink, keyPagePath } from './router.ts';

/** What a row's buttons do. */
export interface KeyActions {
  revoke(key: ApiKey): void;
  roll(key: ApiKey): void;
}

/** True for a key rolled to another that still works, for its grace window. */
function inGraceWindow(key: ApiKey): boolean {
  return key.status === 'active' && key.rolledTo !== null;
}

/**
 * The countdown of a rolled key's grace window, kept current by {@link tickCountdowns}.
 *
 * @example cell.append(countdown(key.expiresAt));
 */
function countdown(expiresAt: string): HTMLElement {
  return h('span', { class: 'countdown', 'data-expires-at': expiresAt }, `Expires in ${timeLeft(expiresAt)}`);
}

/**
 * Updates every countdown under `root`; true when one has run out (the list is then out of date).
 *
 * @example if (tickCountdowns(page)) void reload();
 */
export function tickCountdowns(root: ParentNode, now: number = Date.now()): boolean {
  let ended = false;
  for (const element of root.querySelectorAll<HTMLElement>('.countdown')) {
    const expiresAt = element.dataset.expiresAt ?? '';
    element.textContent = `Expires in ${timeLeft(expiresAt, now)}`;
    ended ||= Date.parse(expiresAt) <= now;
  }
  return ended;
}

/**
 * True for an active key older than the recommended 90-day rotation interval.
 *
 * @example if (needsRotation(key)) showRotationHint();
 */
export function needsRotation(key: ApiKey, now: number = Date.now()): boolean {
  return key.status === 'active' && ageInDays(key.createdAt, now) >= ROTATION_DAYS;
}

const time = (iso: string | null) =>
  iso
    ? h('time', { datetime: iso, title: formatDateTime(iso) }, formatDate(iso))
    : h('span', { class: 'muted' }, 'Never');

/**
 * A key's status as badges: active, expired or revoked; a rolled key's countdown instead while its
 * grace window runs; a warning when it is due for rotation.
 *
 * @example h('dd', {}, keyStatus(key))
 */
export function keyStatus(key: ApiKey): HTMLElement[] {
  if (inGraceWindow(key))
    return [h('span', { class: 'badge badge-warning' }, 'Rolled'), countdown(key.expiresAt as string)];
  const badge = h(
    'span',
    { class: `badge badge-${key.status}` },
    key.status[0]?.toUpperCase() + key.status.slice(1),
  );
  if (!needsRotation(key)) return [badge];
  return [badge, h('span', { class: 'badge badge-warning' }, `Over ${ROTATION_DAYS} days old`)];
}

function statusCell(key: ApiKey): HTMLElement {
  return h('td', { class: 'status' }, keyStatus(key));
}

function actionsCell(key: ApiKey, actions: KeyActions): HTMLElement {
  if (key.status === 'revoked')
    return h('td', {}, h('span', { class: 'muted' }, `Revoked ${formatDate(key.revokedAt)}`));
  return h(
    'td',
    {},
    h(
      'div',
      { class: 'actions' },
      key.status === 'active' &&
        key.rolledTo === null &&
        h(
          'button',
          {
            type: 'button',
            class: 'button button-small',
            'aria-label': `Roll ${key.name}`,
            onclick: () => actions.roll(key),
          },
          'Roll…',
        ),
      h(
        'button',
        {
          type: 'button',
          class: 'button button-small button-danger',
          'aria-label': `Revoke ${key.name}`,
          onclick: () => actions.revoke(key),
        },
        'Revoke…',
      ),
    ),
  );
}

/**
 * The table of keys, newest first: name, start, environment, scopes, created, last used, expiry,
 * status and actions (roll, revoke); test keys carry the "Test" badge, a rolled key the countdown of
 * its grace window. Key values are never part of a key record, so never shown here.
 *
 * @example section.append(keyTable(keys, { revoke, roll }));
 */
export function keyTable(keys: ApiKey[], actions: KeyActions): HTMLElement {
  const sorted = [...keys].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const headers = [
    'Name',
    'Key',
    'Environment',
    'Scopes',
    'Created',
    'Last used',
    'Expires',
    'Status',
    'Actions',
  ];
  return h(
    'div',
    { class: 'table-wrap' },
    h(
      'table',
      { class: 'table table-cards', 'aria-describedby': 'keys-caption' },
      h(
        'caption',
        { id: 'keys-caption', class: 'visually-hidden' },
        `Your API keys, newest first (${keys.length})`,
      ),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          headers.map((text) => h('th', { scope: 'col' }, text)),
        ),
      ),
      h(
        'tbody',
        {},
        sorted.map((key) =>
          labelCells(
            h(
              'tr',
              { 'data-key-id': key.id, class: key.status === 'active' ? '' : 'inactive' },
              h('th', { scope: 'row', class: 'key-name' }, h('a', inAppLink(keyPagePath(key.id)), key.name)),
              h('td', {}, h('code', {}, `${key.start}…`)),
              h('td', {}, environmentBadge(key.environment)),
              h(
                'td',
                {},
                h(
                  'ul',
                  { class: 'scopes' },
                  key.scopes.map((scope) => h('li', {}, h('code', {}, scope))),
                ),
              ),
              h('td', {}, time(key.createdAt)),
              h('td', {}, time(key.lastUsedAt)),
              h('td', {}, key.expiresAt ? time(key.expiresAt) : h('span', { class: 'muted' }, 'No expiry')),
              statusCell(key),
              actionsCell(key, actions),
            ),
            headers,
          ),
        ),
      ),
    ),
  );
}
