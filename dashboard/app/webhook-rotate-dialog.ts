import type { WebhookEndpoint, WebhookEndpointWithSecret } from '../../sdk/index.ts';
import { h, uniqueId } from './dom.ts';
import { describeError } from './errors.ts';
import { errorAlert, modal } from './ui.ts';
import type { WebhookApi } from './webhook-api.ts';
import { secretPanel } from './webhook-secret.ts';

/** What the rotate dialog needs from the page. */
export interface RotateSecretOptions {
  api: WebhookApi;
  endpoint: WebhookEndpoint;
  /** Called once the new secret exists (before it is shown). */
  rotated(endpoint: WebhookEndpointWithSecret): void;
}

/** How long the old secret keeps signing beside the new one, in seconds; the API takes 0 to 7 days. */
const OVERLAPS: { seconds: number; label: string }[] = [
  { seconds: 0, label: 'Stop it now (it leaked)' },
  { seconds: 3600, label: '1 hour' },
  { seconds: 86_400, label: '24 hours' },
  { seconds: 7 * 86_400, label: '7 days' },
];
const DEFAULT_OVERLAP = 86_400;

/**
 * Rotates an endpoint's signing secret: the new secret is shown once, and the old one keeps signing
 * beside it for the time chosen here (24 hours unless changed), so the receiver can switch over
 * without rejecting a delivery. API errors stay in the dialog.
 *
 * @example openRotateSecretDialog({ api, endpoint, rotated: () => void reload() });
 */
export function openRotateSecretDialog(options: RotateSecretOptions): HTMLDialogElement {
  const { endpoint } = options;
  const selectId = uniqueId('overlap');
  const hintId = uniqueId('hint');
  const select = h(
    'select',
    { id: selectId, name: 'oldSecretExpiresIn', 'aria-describedby': hintId },
    OVERLAPS.map(({ seconds, label }) =>
      h('option', { value: String(seconds), selected: seconds === DEFAULT_OVERLAP }, label),
    ),
  );
  const errorSlot = h('div', {});
  const cancel = h('button', { type: 'button', class: 'button', onclick: () => dialog.close() }, 'Cancel');
  const submit = h('button', { type: 'submit', class: 'button button-primary' }, 'Rotate secret');
  const form = h(
    'form',
    { class: 'form', method: 'dialog' },
    errorSlot,
    h(
      'p',
      {},
      'A new signing secret replaces the one starting ',
      h('code', {}, `${endpoint.secretStart}…`),
      ' for ',
      h('code', {}, endpoint.url),
      '. It is shown once.',
    ),
    h(
      'div',
      { class: 'field' },
      h('label', { for: selectId }, 'Old secret keeps signing for'),
      select,
      h(
        'p',
        { id: hintId, class: 'hint' },
        'Until then each delivery carries both signatures, so the receiver can switch to the new secret.',
      ),
    ),
    h('div', { class: 'dialog-actions' }, cancel, submit),
  );
  const dialog = modal('Rotate signing secret', form);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    errorSlot.replaceChildren();
    submit.disabled = true;
    submit.textContent = 'Rotating…';
    try {
      const rotated = await options.api.rotateSecret(endpoint.id, Number(select.value));
      options.rotated(rotated);
      dialog.querySelector('h2')?.replaceChildren('Signing secret rotated');
      form.replaceWith(secretPanel(rotated, () => dialog.close()));
    } catch (error) {
      errorSlot.replaceChildren(errorAlert(describeError(error)));
      submit.disabled = false;
      submit.textContent = 'Rotate secret';
    }
  });
  dialog.showModal();
  queueMicrotask(() => select.focus());
  return dialog;
}
