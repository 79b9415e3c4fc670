import type { ApiKeyWithSecret } from '../../sdk/index.ts';
import { h, uniqueId } from './dom.ts';
import { testBadge } from './environment-ui.ts';

/**
 * The one-time view of a new key's value: a clear warning, the value in a read-only field, a copy
 * button and "Done"; a test key carries the "Test" badge. The value lives only in this element, which
 * is removed when the dialog closes.
 *
 * @example form.replaceWith(newKeyPanel(key, () => dialog.close()));
 */
export function newKeyPanel(key: ApiKeyWithSecret, done: () => void): HTMLElement {
  const fieldId = uniqueId('new-key');
  const warningId = uniqueId('warning');
  const value = h('input', {
    id: fieldId,
    class: 'secret',
    readonly: true,
    value: key.key,
    spellcheck: 'false',
    autocomplete: 'off',
    'aria-describedby': warningId,
  });
  const status = h('p', { class: 'copy-status', role: 'status', 'aria-live': 'polite' });
  const copy = h('button', { type: 'button', class: 'button' }, 'Copy');
  copy.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(key.key);
      status.textContent = 'Copied to the clipboard.';
    } catch {
      value.select();
      status.textContent = 'Copying is not allowed here: the key is selected, press Ctrl+C (⌘C on a Mac).';
    }
  });
  const panel = h(
    'div',
    { class: 'new-key' },
    h(
      'div',
      { class: 'alert alert-warning', id: warningId },
      h('p', { class: 'alert-title' }, 'Copy this key now. It will not be shown again.'),
      h('p', {}, 'Store it in a secret manager. If it is lost, revoke it and create a new one.'),
    ),
    h('label', { for: fieldId }, `API key “${key.name}”`, testBadge(key.environment)),
    h('div', { class: 'copy-row' }, value, copy),
    status,
    h(
      'div',
      { class: 'dialog-actions' },
      h('button', { type: 'button', class: 'button button-primary', onclick: done }, 'Done'),
    ),
  );
  queueMicrotask(() => {
    value.focus();
    value.select();
  });
  return panel;
}
