import type { ApiKey, CourseClient } from '../../sdk/index.ts';
import { openCreateKeyDialog } from './create-key-dialog.ts';
import { h } from './dom.ts';
import { describeError } from './errors.ts';
import { ROTATION_DAYS } from './format.ts';
import { keyTable, needsRotation } from './key-table.ts';
import { openRevokeDialog } from './revoke-dialog.ts';
import { openRotationDialog } from './rotation-dialog.ts';
import { errorAlert, liveRegion, loading, notice, pageHeading } from './ui.ts';

/** What a signed-in page gets from the shell. */
export interface PageContext {
  client: CourseClient;
  /** Sends the person back to sign-in when `error` means the ID token was refused; true if so. */
  endsSession(error: unknown): boolean;
}

/**
 * Settings → API Keys: the caller's keys newest first, "Create API Key", revoke with confirmation,
 * and keys due for rotation marked with the rotation steps one click away.
 *
 * @example main.replaceChildren(apiKeysPage({ client, endsSession }));
 */
export function apiKeysPage(context: PageContext): HTMLElement {
  const { client, endsSession } = context;
  const status = liveRegion();
  const banner = h('div', {});
  const content = h('div', { class: 'card', 'aria-busy': 'true' });
  let keys: ApiKey[] = [];

  const openCreate = (prefill?: { name: string; scopes: ApiKey['scopes'] }) =>
    openCreateKeyDialog({
      client,
      endsSession,
      ...(prefill ? { prefill } : {}),
      created: (key) => {
        status.textContent = `API key “${key.name}” created.`;
        void reload();
      },
    });
  const revoke = (key: ApiKey) =>
    openRevokeDialog({
      client,
      key,
      endsSession,
      revoked: (revoked) => {
        status.textContent = `API key “${revoked.name}” revoked.`;
        void reload();
      },
    });
  const rotate = (key: ApiKey) =>
    openRotationDialog(key, {
      createReplacement: (old) =>
        openCreate({
          name: `${old.name} (rotated ${new Date().toISOString().slice(0, 10)})`.slice(0, 100),
          scopes: old.scopes,
        }),
      revokeOld: revoke,
    });

  function render(): void {
    content.setAttribute('aria-busy', 'false');
    const due = keys.filter((key) => needsRotation(key));
    banner.replaceChildren(
      due.length > 0
        ? notice(
            `${due.length} active key${due.length === 1 ? ' is' : 's are'} older than the recommended ${ROTATION_DAYS}-day rotation interval. Use “Rotate…” on ${due.length === 1 ? 'it' : 'them'} for the steps.`,
            'warning',
          )
        : '',
    );
    if (keys.length === 0) {
      content.replaceChildren(
        h(
          'div',
          { class: 'empty' },
          h('p', { class: 'empty-title' }, 'No API keys yet'),
          h('p', { class: 'muted' }, 'Create one to call the course endpoints.'),
        ),
      );
      return;
    }
    content.replaceChildren(keyTable(keys, { revoke, rotate }));
  }

  async function reload(): Promise<void> {
    if (keys.length === 0) content.replaceChildren(loading('Loading API keys…'));
    content.setAttribute('aria-busy', 'true');
    try {
      const all: ApiKey[] = [];
      for await (const key of client.apiKeys.list({ limit: 100 })) all.push(key);
      keys = all;
      render();
    } catch (error) {
      if (endsSession(error)) return;
      content.setAttribute('aria-busy', 'false');
      content.replaceChildren(errorAlert(describeError(error), () => void reload()));
    }
  }

  void reload();
  return h(
    'main',
    { id: 'main', class: 'page' },
    h(
      'nav',
      { 'aria-label': 'Breadcrumb', class: 'breadcrumb' },
      h('ol', {}, h('li', {}, 'Settings'), h('li', { 'aria-current': 'page' }, 'API Keys')),
    ),
    h(
      'div',
      { class: 'page-header' },
      pageHeading('API Keys'),
      h(
        'button',
        { type: 'button', class: 'button button-primary', onclick: () => openCreate() },
        'Create API Key',
      ),
    ),
    h(
      'p',
      { class: 'muted' },
      'API keys authenticate calls to the course endpoints. A key’s value is shown once, when it is created; the list shows only its first characters.',
    ),
    status,
    banner,
    content,
  );
}
