import type { ApiKeyEvent } from '../../sdk/index.ts';
import { h, labelCells } from './dom.ts';
import { formatDateTime } from './format.ts';
import { inAppLink, keyPagePath } from './router.ts';

const keyLink = (keyId: string) => h('a', inAppLink(keyPagePath(keyId)), h('code', {}, keyId));

/** What happened, in words; a roll links the other key. */
function what(event: ApiKeyEvent): Array<Node | string> {
  const other = event.relatedKeyId;
  switch (event.type) {
    case 'created':
      return ['Created'];
    case 'rolled_from':
      return ['Created by rolling ', other ? keyLink(other) : 'another key'];
    case 'rolled_to':
      return ['Rolled: replaced by ', other ? keyLink(other) : 'another key'];
    case 'revoked':
      return ['Revoked'];
    case 'expired':
      return ['Expired'];
    case 'reported_leaked':
      return ['Reported as leaked by a secret scanner'];
  }
}

/** Who did it, in words. */
function who(event: ApiKeyEvent): string {
  if (event.actor.type === 'master') return 'The MCP master key';
  if (event.actor.type === 'service') return 'The service';
  return event.actor.subject ?? 'A user';
}

/**
 * A key's history as a table, newest first: when, what (a roll links the other key), who, and the
 * request id to quote.
 *
 * @example section.append(keyHistory(events));
 */
export function keyHistory(events: ApiKeyEvent[]): HTMLElement {
  const headers = ['When', 'What', 'By', 'Request id'];
  const rows = events.map((event) => {
    return labelCells(
      h(
        'tr',
        {},
        h('td', {}, h('time', { datetime: event.at }, formatDateTime(event.at))),
        h('th', { scope: 'row' }, what(event)),
        h('td', {}, who(event)),
        h(
          'td',
          {},
          event.requestId
            ? h('code', { class: 'small' }, event.requestId)
            : h('span', { class: 'muted' }, '—'),
        ),
      ),
      headers,
    );
  });
  return h(
    'div',
    { class: 'table-wrap' },
    h(
      'table',
      { class: 'table table-cards history' },
      h('caption', { class: 'visually-hidden' }, 'What happened to the key, newest first'),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          headers.map((text) => h('th', { scope: 'col' }, text)),
        ),
      ),
      h('tbody', {}, rows),
    ),
  );
}
