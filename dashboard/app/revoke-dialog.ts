import type { ApiKey, CourseClient } from '../../sdk/index.ts';
import { h } from './dom.ts';
import { testBadge } from './environment-ui.ts';
import { describeError } from './errors.ts';
import { errorAlert, modal } from './ui.ts';

/** What the revoke dialog needs from the page. */
export interface RevokeKeyOptions {
  client: CourseClient;
  key: ApiKey;
  endsSession(error: unknown): boolean;
  revoked(key: ApiKey): void;
}

/**
 * Asks for confirmation, then revokes the key. "Cancel" has the focus first, so a stray Enter does
 * no harm; a test key carries the "Test" badge; API errors stay in the dialog with the problem's detail.
 *
 * @example openRevokeDialog({ client, key, endsSession, revoked: () => void reload() });
 */
export function openRevokeDialog(options: RevokeKeyOptions): HTMLDialogElement {
  const { key } = options;
  const errorSlot = h('div', {});
  const cancel = h(
    'button',
    { type: 'button', class: 'button', autofocus: true, onclick: () => dialog.close() },
    'Cancel',
  );
  const confirm = h('button', { type: 'button', class: 'button button-danger' }, 'Revoke key');
  const dialog = modal(
    [`Revoke “${key.name}”?`, testBadge(key.environment)],
    h(
      'p',
      {},
      `Applications using the ${key.environment === 'test' ? 'test' : 'production'} key starting `,
      h('code', {}, `${key.start}…`),
      ' are refused from their next request. This cannot be undone.',
    ),
    errorSlot,
    h('div', { class: 'dialog-actions' }, cancel, confirm),
  );
  confirm.addEventListener('click', async () => {
    confirm.disabled = true;
    confirm.textContent = 'Revoking…';
    try {
      const revoked = await options.client.apiKeys.revoke(key.id);
      dialog.close();
      options.revoked(revoked);
    } catch (error) {
      if (options.endsSession(error)) return dialog.close();
      errorSlot.replaceChildren(errorAlert(describeError(error)));
      confirm.disabled = false;
      confirm.textContent = 'Revoke key';
    }
  });
  dialog.showModal();
  return dialog;
}
