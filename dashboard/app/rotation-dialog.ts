import type { ApiKey } from '../../sdk/index.ts';
import { h } from './dom.ts';
import { testBadge } from './environment-ui.ts';
import { ageInDays, ROTATION_DAYS } from './format.ts';
import { modal } from './ui.ts';

/** The two steps of a rotation the dashboard can do itself. */
export interface RotationActions {
  createReplacement(key: ApiKey): void;
  revokeOld(key: ApiKey): void;
}

/**
 * The rotation procedure for one key, as the service documents it: create a new key, switch the
 * application to it, test, revoke the old key; steps 1 and 4 are a button away. The replacement is
 * created in the old key's environment; a test key carries the "Test" badge.
 *
 * @example openRotationDialog(key, { createReplacement, revokeOld });
 */
export function openRotationDialog(key: ApiKey, actions: RotationActions): HTMLDialogElement {
  const step = (title: string, text: string, button?: HTMLButtonElement) =>
    h('li', {}, h('p', { class: 'step-title' }, title), h('p', { class: 'muted' }, text), button);
  const dialog = modal(
    [`Rotate “${key.name}”`, testBadge(key.environment)],
    h(
      'p',
      {},
      `This key is ${ageInDays(key.createdAt)} days old; rotating every ${ROTATION_DAYS} days is recommended. `,
      'Rotate without downtime:',
    ),
    h(
      'ol',
      { class: 'steps' },
      step(
        '1. Create a new key',
        `With the same scopes, in ${key.environment === 'test' ? 'the test environment' : 'production'}; copy its value when it is shown.`,
        h(
          'button',
          {
            type: 'button',
            class: 'button button-primary button-small',
            onclick: () => {
              dialog.close();
              actions.createReplacement(key);
            },
          },
          'Create replacement key…',
        ),
      ),
      step(
        '2. Switch your application to it',
        'Update the secret (for example in your secret manager) and deploy.',
      ),
      step(
        '3. Test',
        'Make a call with the new key and check that it succeeds; its “Last used” date updates.',
      ),
      step(
        '4. Revoke the old key',
        `Once nothing uses ${key.start}… any more.`,
        h(
          'button',
          {
            type: 'button',
            class: 'button button-danger button-small',
            onclick: () => {
              dialog.close();
              actions.revokeOld(key);
            },
          },
          'Revoke old key…',
        ),
      ),
    ),
    h(
      'div',
      { class: 'dialog-actions' },
      h('button', { type: 'button', class: 'button', onclick: () => dialog.close() }, 'Close'),
    ),
  );
  dialog.showModal();
  return dialog;
}
