import type { ApiKeyWithSecret, CourseClient, KeyEnvironment, Scope } from '../../sdk/index.ts';
import { h, uniqueId } from './dom.ts';
import { environmentBadge } from './environment-ui.ts';
import { describeError } from './errors.ts';
import { dateInDays } from './format.ts';
import { newKeyPanel } from './new-key-panel.ts';
import { errorAlert, modal } from './ui.ts';

/** What the create dialog needs from the page. */
export interface CreateKeyOptions {
  client: CourseClient;
  /** Where the key acts: `test` keys see only the account's test courses. */
  environment: KeyEnvironment;
  /** Called with an error the dialog cannot handle itself; true when the session has ended. */
  endsSession(error: unknown): boolean;
  /** Called once the key exists (before it is shown). */
  created(key: ApiKeyWithSecret): void;
}

// The course scopes are ticked by default; the event and webhook scopes only when asked for.
const SCOPES: { scope: Scope; label: string; checked: boolean }[] = [
  { scope: 'courses:read', label: 'Read courses', checked: true },
  { scope: 'courses:write', label: 'Create, change and delete courses', checked: true },
  { scope: 'events:read', label: 'Read the events feed', checked: false },
  { scope: 'webhooks:write', label: 'Manage webhook endpoints', checked: false },
];

const ENVIRONMENT_HINTS: Record<KeyEnvironment, string> = {
  prod: 'The key acts on production data.',
  test: 'The key sees and changes only this account’s test courses, never production.',
};

function field(label: string, control: HTMLInputElement, hint: string) {
  const hintId = uniqueId('hint');
  const errorId = uniqueId('error');
  control.id = uniqueId('field');
  control.setAttribute('aria-describedby', `${hintId} ${errorId}`);
  const error = h('p', { id: errorId, class: 'field-error' });
  const setError = (text: string) => {
    error.textContent = text;
    if (text) control.setAttribute('aria-invalid', 'true');
    else control.removeAttribute('aria-invalid');
  };
  return {
    element: h(
      'div',
      { class: 'field' },
      h('label', { for: control.id }, label),
      control,
      h('p', { id: hintId, class: 'hint' }, hint),
      error,
    ),
    setError,
  };
}

/**
 * Opens "Create API Key": a descriptive name (required, 1–100 characters with a non-space, as the
 * API requires), scopes and an optional expiry, in the environment the page chose (shown, not
 * editable: the Test mode switch decides). On success the dialog shows the new key once.
 *
 * @example openCreateKeyDialog({ client, environment: 'test', endsSession, created: () => void reload() });
 */
export function openCreateKeyDialog(options: CreateKeyOptions): HTMLDialogElement {
  const name = field(
    'Name',
    h('input', {
      name: 'name',
      required: true,
      maxlength: '100',
      autocomplete: 'off',
    }),
    'A descriptive name: where the key is used, e.g. “Production backend”. Up to 100 characters.',
  );
  const expiry = field(
    'Expires on (optional)',
    h('input', { type: 'date', name: 'expiresAt', min: dateInDays(1), max: dateInDays(366) }),
    'Leave empty for no expiry. At most 366 days ahead; rotating every 90 days is recommended.',
  );
  const boxes = SCOPES.map(({ scope, label, checked }) => {
    const box = h('input', { type: 'checkbox', name: 'scopes', value: scope, checked });
    return { box, element: h('label', { class: 'checkbox' }, box, h('code', {}, scope), ` ${label}`) };
  });
  const scopeError = h('p', { class: 'field-error', id: uniqueId('error') });
  const errorSlot = h('div', {});
  const submit = h('button', { type: 'submit', class: 'button button-primary' }, 'Create API Key');
  const cancel = h('button', { type: 'button', class: 'button', onclick: () => dialog.close() }, 'Cancel');
  const form = h(
    'form',
    { class: 'form', method: 'dialog', novalidate: true },
    errorSlot,
    h(
      'div',
      { class: 'field' },
      h('p', { class: 'field-label' }, 'Environment ', environmentBadge(options.environment)),
      h('p', { class: 'hint' }, ENVIRONMENT_HINTS[options.environment]),
    ),
    name.element,
    h(
      'fieldset',
      { class: 'field', 'aria-describedby': scopeError.id },
      h('legend', {}, 'Scopes'),
      boxes.map((b) => b.element),
      scopeError,
    ),
    expiry.element,
    h('div', { class: 'dialog-actions' }, cancel, submit),
  );
  const dialog = modal('Create API Key', form);

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const nameInput = name.element.querySelector('input') as HTMLInputElement;
    const dateInput = expiry.element.querySelector('input') as HTMLInputElement;
    const scopes = boxes.filter((b) => b.box.checked).map((b) => b.box.value as Scope);
    name.setError(/\S/.test(nameInput.value) ? '' : 'Enter a name with at least one non-space character.');
    scopeError.textContent = scopes.length > 0 ? '' : 'Choose at least one scope.';
    expiry.setError(
      dateInput.validity.valid ? '' : `Choose a date from ${dateInput.min} to ${dateInput.max}, or none.`,
    );
    const invalid =
      form.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      (scopes.length === 0 ? boxes[0]?.box : null);
    if (invalid) return invalid.focus();
    errorSlot.replaceChildren();
    submit.disabled = true;
    submit.textContent = 'Creating…';
    const expiresAt = dateInput.value ? new Date(`${dateInput.value}T00:00:00`).toISOString() : undefined;
    try {
      const key = await options.client.apiKeys.create({
        name: nameInput.value,
        environment: options.environment,
        scopes,
        ...(expiresAt ? { expiresAt } : {}),
      });
      options.created(key);
      dialog
        .querySelector('h2')
        ?.replaceChildren(key.environment === 'test' ? 'Test API key created' : 'API key created');
      form.replaceWith(newKeyPanel(key, () => dialog.close()));
    } catch (error) {
      if (options.endsSession(error)) return dialog.close();
      const message = describeError(error);
      name.setError(message.fields.get('/name') ?? '');
      expiry.setError(message.fields.get('/expiresAt') ?? '');
      errorSlot.replaceChildren(errorAlert(message));
      (errorSlot.firstElementChild as HTMLElement | null)?.setAttribute('tabindex', '-1');
      (errorSlot.firstElementChild as HTMLElement | null)?.focus();
      submit.disabled = false;
      submit.textContent = 'Create API Key';
    }
  });
  dialog.showModal();
  return dialog;
}
