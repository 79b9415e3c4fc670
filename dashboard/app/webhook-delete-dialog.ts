import type { WebhookEndpoint } from '../../sdk/index.ts';
import { h } from './dom.ts';
import { describeError } from './errors.ts';
import { errorAlert, modal } from './ui.ts';
import type { WebhookApi } from './webhook-api.ts';

/** What the delete dialog needs from the page. */
export interface DeleteEndpointOptions {
  api: WebhookApi;
  endpoint: WebhookEndpoint;
  deleted(endpoint: WebhookEndpoint): void;
}

/**
 * Asks for confirmation, then deletes the endpoint and its delivery log. "Cancel" has the focus
 * first, so a stray Enter does no harm; API errors stay in the dialog.
 *
 * @example openDeleteEndpointDialog({ api, endpoint, deleted: () => void reload() });
 */
export function openDeleteEndpointDialog(options: DeleteEndpointOptions): HTMLDialogElement {
  const { endpoint } = options;
  const errorSlot = h('div', {});
  const cancel = h(
    'button',
    { type: 'button', class: 'button', autofocus: true, onclick: () => dialog.close() },
    'Cancel',
  );
  const confirm = h('button', { type: 'button', class: 'button button-danger' }, 'Delete endpoint');
  const dialog = modal(
    'Delete endpoint?',
    h(
      'p',
      {},
      'Nothing more is sent to ',
      h('code', {}, endpoint.url),
      ', pending retries included, and its delivery log goes with it. This cannot be undone.',
    ),
    errorSlot,
    h('div', { class: 'dialog-actions' }, cancel, confirm),
  );
  confirm.addEventListener('click', async () => {
    confirm.disabled = true;
    confirm.textContent = 'Deleting…';
    try {
      await options.api.remove(endpoint.id);
      dialog.close();
      options.deleted(endpoint);
    } catch (error) {
      errorSlot.replaceChildren(errorAlert(describeError(error)));
      confirm.disabled = false;
      confirm.textContent = 'Delete endpoint';
    }
  });
  dialog.showModal();
  return dialog;
}
