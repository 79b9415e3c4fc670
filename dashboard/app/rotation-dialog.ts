import type { ApiKey, ApiKeyWithSecret, CourseClient } from '../../sdk/index.ts';
import { h, uniqueId } from './dom.ts';
import { testBadge } from './environment-ui.ts';
import { describeError } from './errors.ts';
import { ageInDays, ROTATION_DAYS } from './format.ts';
import { newKeyPanel } from './new-key-panel.ts';
import { errorAlert, modal } from './ui.ts';

/** What the roll dialog needs from the page. */
export interface RollKeyOptions {
  client: CourseClient;
  key: ApiKey;
  endsSession(error: unknown): boolean;
  /** Called once the new key exists (before its value is shown). */
  rolled(key: ApiKeyWithSecret): void;
}

/** The grace windows offered, in seconds; the API takes any from 0 to 30 days. */
const WINDOWS: { seconds: number; label: string }[] = [
  { seconds: 0, label: 'Stop it now (it leaked)' },
  { seconds: 3600, label: '1 hour' },
  { seconds: 86_400, label: '24 hours' },
  { seconds: 7 * 86_400, label: '7 days' },
  { seconds: 30 * 86_400, label: '30 days' },
];
const DEFAULT_WINDOW = 86_400;

/**
 * Rolls a key in one step: a new key with the same name, scopes and environment, shown once, and
 * the old key kept working for the grace window chosen here (24 hours unless changed), so the
 * application can switch over without a failed request. API errors stay in the dialog.
 *
 * @example openRotationDialog({ client, key, endsSession, rolled: () => void reload() });
 */
export function openRotationDialog(options: RollKeyOptions): HTMLDialogElement {
  const { key } = options;
  const selectId = uniqueId('grace');
  const hintId = uniqueId('hint');
  const select = h(
    'select',
    { id: selectId, name: 'oldKeyExpiresIn', 'aria-describedby': hintId },
    WINDOWS.map(({ seconds, label }) =>
      h('option', { value: String(seconds), selected: seconds === DEFAULT_WINDOW }, label),
    ),
  );
  const errorSlot = h('div', {});
  const cancel = h('button', { type: 'button', class: 'button', onclick: () => dialog.close() }, 'Cancel');
  const submit = h('button', { type: 'submit', class: 'button button-primary' }, 'Roll key');
  const age = ageInDays(key.createdAt);
  const form = h(
    'form',
    { class: 'form', method: 'dialog' },
    errorSlot,
    h(
      'p',
      {},
      'A new key with the same name, scopes and environment replaces the one starting ',
      h('code', {}, `${key.start}…`),
      '. Its value is shown once.',
      age >= ROTATION_DAYS
        ? ` This key is ${age} days old; rolling every ${ROTATION_DAYS} days is recommended.`
        : '',
    ),
    h(
      'div',
      { class: 'field' },
      h('label', { for: selectId }, 'Old key keeps working for'),
      select,
      h(
        'p',
        { id: hintId, class: 'hint' },
        'Both keys work until then, so your application can switch to the new one; then the old key expires.',
      ),
    ),
    h('div', { class: 'dialog-actions' }, cancel, submit),
  );
  const dialog = modal([`Roll “${key.name}”`, testBadge(key.environment)], form);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    errorSlot.replaceChildren();
    submit.disabled = true;
    submit.textContent = 'Rolling…';
    try {
      const next = await options.client.apiKeys.roll(key.id, { oldKeyExpiresIn: Number(select.value) });
      options.rolled(next);
      dialog
        .querySelector('h2')
        ?.replaceChildren(next.environment === 'test' ? 'Test API key rolled' : 'API key rolled');
      form.replaceWith(newKeyPanel(next, () => dialog.close()));
    } catch (error) {
      if (options.endsSession(error)) return dialog.close();
      errorSlot.replaceChildren(errorAlert(describeError(error)));
      submit.disabled = false;
      submit.textContent = 'Roll key';
    }
  });
  dialog.showModal();
  queueMicrotask(() => select.focus());
  return dialog;
}
