import { type Child, h, uniqueId } from './dom.ts';

/** What {@link oneTimeSecretPanel} shows: the secret, what it is, and what to do with it. */
export interface OneTimeSecret {
  /** The field's label, e.g. `API key “CI pipeline”` (a badge may follow the text). */
  label: Child;
  value: string;
  /** The warning's first line, e.g. "Copy this key now. It will not be shown again." */
  warning: string;
  /** The warning's second line: where to keep it, what to do if it is lost. */
  advice: string;
  done(): void;
}

/**
 * The one-time view of a secret (an API key, a webhook signing secret): a clear warning, the value
 * in a read-only field, a copy button and "Done". The value lives only in this element, which is
 * removed with its dialog.
 *
 * @example form.replaceWith(oneTimeSecretPanel({ label: 'Signing secret', value, warning, advice, done }));
 */
export function oneTimeSecretPanel(secret: OneTimeSecret): HTMLElement {
  const fieldId = uniqueId('secret');
  const warningId = uniqueId('warning');
  const value = h('input', {
    id: fieldId,
    class: 'secret',
    readonly: true,
    value: secret.value,
    spellcheck: 'false',
    autocomplete: 'off',
    'aria-describedby': warningId,
  });
  const status = h('p', { class: 'copy-status', role: 'status', 'aria-live': 'polite' });
  const copy = h('button', { type: 'button', class: 'button' }, 'Copy');
  copy.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(secret.value);
      status.textContent = 'Copied to the clipboard.';
    } catch {
      value.select();
      status.textContent = 'Copying is not allowed here: the value is selected, press Ctrl+C (⌘C on a Mac).';
    }
  });
  const panel = h(
    'div',
    { class: 'new-key' },
    h(
      'div',
      { class: 'alert alert-warning', id: warningId },
      h('p', { class: 'alert-title' }, secret.warning),
      h('p', {}, secret.advice),
    ),
    h('label', { for: fieldId }, secret.label),
    h('div', { class: 'copy-row' }, value, copy),
    status,
    h(
      'div',
      { class: 'dialog-actions' },
      h('button', { type: 'button', class: 'button button-primary', onclick: secret.done }, 'Done'),
    ),
  );
  queueMicrotask(() => {
    value.focus();
    value.select();
  });
  return panel;
}
