import type { ApiKey, ApiKeyEvent, ApiKeyUsage } from '../../sdk/index.ts';
import type { PageContext } from './api-keys-page.ts';
import { h } from './dom.ts';
import { environmentBadge } from './environment-ui.ts';
import { describeError, type ErrorMessage } from './errors.ts';
import { formatDateTime } from './format.ts';
import { keyHistory } from './key-history.ts';
import { keyStatus, tickCountdowns } from './key-table.ts';
import { inAppLink, keyPagePath, PATHS } from './router.ts';
import { errorAlert, loading, pageHeading } from './ui.ts';
import { usageChart } from './usage-chart.ts';

/** How far back the usage chart goes. */
const USAGE_DAYS = 14;

/** Where the key was last used from, in words. */
function lastUsedFrom(usage: ApiKeyUsage): string {
  const client = usage.lastUsedFrom;
  if (!client) return 'Never used.';
  return `Last used from ${client.address}${client.userAgent ? ` (${client.userAgent})` : ''}, ${formatDateTime(client.at)}.`;
}

/** The most history events the page shows; older ones are a page of the API away. */
const MAX_EVENTS = 200;

const when = (iso: string | null, none: string) =>
  iso ? h('time', { datetime: iso }, formatDateTime(iso)) : h('span', { class: 'muted' }, none);
const keyLink = (keyId: string) => h('a', inAppLink(keyPagePath(keyId)), h('code', {}, keyId));

/** The key's facts, as a description list. */
function summary(key: ApiKey): HTMLElement {
  const item = (term: string, ...details: Array<Node | string>) => [h('dt', {}, term), h('dd', {}, details)];
  return h(
    'dl',
    { class: 'facts' },
    item('Key', h('code', {}, `${key.start}…`)),
    item('Environment', environmentBadge(key.environment)),
    item('Scopes', key.scopes.join(', ')),
    item('Status', ...keyStatus(key)),
    item('Created', when(key.createdAt, '—')),
    item('Last used', when(key.lastUsedAt, 'Never')),
    item('Expires', when(key.expiresAt, 'No expiry')),
    key.rolledFrom ? item('Rolled from', keyLink(key.rolledFrom)) : [],
    key.rolledTo ? item('Rolled to', keyLink(key.rolledTo)) : [],
  );
}

/** Finds the caller's key `keyId` in the key list (the API has no read of one key). */
async function findKey(context: PageContext, keyId: string): Promise<ApiKey | undefined> {
  for await (const key of context.client.apiKeys.list({ limit: 100 })) if (key.id === keyId) return key;
  return undefined;
}

/**
 * Settings → API Keys → one key: its facts (a rolled key's countdown, links to the key it was
 * rolled from or to) and its history, newest first.
 *
 * @example main.replaceChildren(apiKeyPage(context, keyIdOf() as string));
 */
export function apiKeyPage(context: PageContext, keyId: string): HTMLElement {
  const heading = pageHeading('API key');
  const content = h('div', { 'aria-busy': 'true' }, loading('Loading the key…'));
  const page = h(
    'main',
    { id: 'main', class: 'page' },
    h(
      'nav',
      { 'aria-label': 'Breadcrumb', class: 'breadcrumb' },
      h(
        'ol',
        {},
        h('li', {}, 'Settings'),
        h('li', {}, h('a', inAppLink(PATHS['api-keys']), 'API Keys')),
        h('li', { 'aria-current': 'page' }, h('code', {}, keyId)),
      ),
    ),
    h('div', { class: 'page-header' }, heading),
    content,
  );
  const load = async () => {
    try {
      const key = await findKey(context, keyId);
      if (!key) {
        content.replaceChildren(errorAlert(notFound(keyId)));
        return;
      }
      const events: ApiKeyEvent[] = [];
      for await (const event of context.client.apiKeys.events(keyId, { limit: 100 })) {
        events.push(event);
        if (events.length === MAX_EVENTS) break;
      }
      const since = new Date(Date.now() - (USAGE_DAYS - 1) * 86_400_000).toISOString();
      const usage = await context.client.apiKeys.usage(keyId, { from: since, granularity: 'day' });
      heading.textContent = key.name;
      document.title = `${key.name} · API Keys · Course Service`;
      content.replaceChildren(
        h('section', { class: 'card' }, summary(key)),
        h(
          'section',
          { class: 'card', 'aria-labelledby': 'usage-title' },
          h('h2', { id: 'usage-title' }, `Requests per day, last ${USAGE_DAYS} days`),
          usageChart(usage),
          h('p', { class: 'last-used-from' }, lastUsedFrom(usage)),
        ),
        h(
          'section',
          { class: 'card', 'aria-labelledby': 'history-title' },
          h('h2', { id: 'history-title' }, 'History'),
          keyHistory(events),
        ),
      );
    } catch (error) {
      if (context.endsSession(error)) return;
      content.replaceChildren(errorAlert(describeError(error), () => void load()));
    } finally {
      content.setAttribute('aria-busy', 'false');
    }
  };
  const ticker = setInterval(() => {
    if (!page.isConnected) clearInterval(ticker);
    else if (tickCountdowns(content)) void load();
  }, 15_000);
  void load();
  return page;
}

/** What the page says of a key id the account has no key by. */
function notFound(keyId: string): ErrorMessage {
  return {
    title: 'No such key',
    detail: `No API key '${keyId}' belongs to this account.`,
    fields: new Map<string, string>(),
    next: 'Go back to the API keys and choose one from the list.',
    requestId: undefined,
  };
}
