import type { EventType, KeyEnvironment, WebhookEndpointWithSecret } from '../../sdk/index.ts';
import { h, replaceChildren, uniqueId } from './dom.ts';
import { testBadge } from './environment-ui.ts';
import { describeError } from './errors.ts';
import { errorAlert, modal } from './ui.ts';
import type { WebhookApi } from './webhook-api.ts';
import { secretPanel } from './webhook-secret.ts';
import { EVENT_TYPES } from './webhook-words.ts';

/** What the add dialog needs from the page. */
export interface AddEndpointOptions {
  api: WebhookApi;
  environment: KeyEnvironment | undefined;
  /** Called once the endpoint exists (before its secret is shown). */
  created(endpoint: WebhookEndpointWithSecret): void;
}

// A labelled control with its hint and error, wired by ids.
function field(label: string, control: HTMLInputElement, hint: string) {
  const hintId = uniqueId('hint');
  const error = h('p', { id: uniqueId('error'), class: 'field-error' });
  control.id = uniqueId('field');
  control.setAttribute('aria-describedby', `${hintId} ${error.id}`);
  const setError = (text: string) => {
    error.textContent = text;
    if (text) control.setAttribute('aria-invalid', 'true');
    else control.removeAttribute('aria-invalid');
  };
  const element = h(
    'div',
    { class: 'field' },
    h('label', { for: control.id }, label),
    control,
    h('p', { id: hintId, class: 'hint' }, hint),
    error,
  );
  return { element, control, setError };
}

/**
 * Opens "Add endpoint": the URL (required), a description, and the event types (all of them, types
 * added later included, or the ones ticked). On success the dialog shows the signing secret once.
 *
 * @example openAddEndpointDialog({ api, environment: 'test', created: () => void reload() });
 */
export function openAddEndpointDialog(options: AddEndpointOptions): HTMLDialogElement {
  const url = field(
    'URL',
    h('input', { type: 'url', name: 'url', required: true, autocomplete: 'off', spellcheck: 'false' }),
    'Where each event is sent as a signed POST. https, on a public address.',
  );
  const description = field(
    'Description (optional)',
    h('input', { name: 'description', maxlength: '500', autocomplete: 'off' }),
    'For people: what receives the events, e.g. “Catalogue sync”.',
  );
  const all = h('input', { type: 'checkbox', name: 'all', checked: true });
  const boxes = EVENT_TYPES.map(({ type, label }) => {
    const box = h('input', { type: 'checkbox', name: 'eventTypes', value: type, disabled: true });
    return { box, element: h('label', { class: 'checkbox' }, box, h('code', {}, type), ` ${label}`) };
  });
  all.addEventListener('change', () => {
    for (const { box } of boxes) box.disabled = all.checked;
  });
  const typesError = h('p', { class: 'field-error', id: uniqueId('error') });
  const errorSlot = h('div', {});
  const submit = h('button', { type: 'submit', class: 'button button-primary' }, 'Add endpoint');
  const cancel = h('button', { type: 'button', class: 'button', onclick: () => dialog.close() }, 'Cancel');
  const form = h(
    'form',
    { class: 'form', method: 'dialog', novalidate: true },
    errorSlot,
    url.element,
    description.element,
    h(
      'fieldset',
      { class: 'field', 'aria-describedby': typesError.id },
      h('legend', {}, 'Events to send'),
      h('label', { class: 'checkbox' }, all, 'All event types, including ones added later'),
      h(
        'div',
        { class: 'event-type-list' },
        boxes.map((b) => b.element),
      ),
      typesError,
    ),
    h('div', { class: 'dialog-actions' }, cancel, submit),
  );
  const dialog = modal(['Add endpoint', testBadge(options.environment ?? 'prod')], form);

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const chosen = boxes.filter((b) => b.box.checked).map((b) => b.box.value as EventType);
    url.setError(url.control.validity.valid ? '' : 'Enter a full URL, e.g. https://example.com/hooks.');
    typesError.textContent =
      all.checked || chosen.length > 0 ? '' : 'Choose at least one event type, or all.';
    const invalid = url.control.validity.valid ? (typesError.textContent ? all : null) : url.control;
    if (invalid) return invalid.focus();
    errorSlot.replaceChildren();
    submit.disabled = true;
    submit.textContent = 'Adding…';
    try {
      const endpoint = await options.api.create({
        url: url.control.value.trim(),
        description: description.control.value,
        eventTypes: all.checked ? ['*'] : chosen,
      });
      options.created(endpoint);
      const title = dialog.querySelector('h2');
      if (title) replaceChildren(title, 'Endpoint added', testBadge(endpoint.environment));
      form.replaceWith(secretPanel(endpoint, () => dialog.close()));
    } catch (error) {
      const message = describeError(error);
      url.setError(message.fields.get('/url') ?? '');
      description.setError(message.fields.get('/description') ?? '');
      errorSlot.replaceChildren(errorAlert(message));
      const alert = errorSlot.firstElementChild as HTMLElement | null;
      alert?.setAttribute('tabindex', '-1');
      alert?.focus();
      submit.disabled = false;
      submit.textContent = 'Add endpoint';
    }
  });
  dialog.showModal();
  queueMicrotask(() => url.control.focus());
  return dialog;
}
