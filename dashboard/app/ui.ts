import { type Child, h } from './dom.ts';
import type { ErrorMessage } from './errors.ts';

/**
 * An error panel (`role="alert"`, so screen readers announce it): the API's detail, the next
 * step, and the request id to quote.
 *
 * @example form.prepend(errorAlert(describeError(error)));
 */
export function errorAlert(message: ErrorMessage, retry?: () => void): HTMLElement {
  return h(
    'div',
    { class: 'alert alert-error', role: 'alert' },
    h('p', { class: 'alert-title' }, message.title),
    h('p', {}, message.detail),
    message.fields.size > 0 &&
      h(
        'ul',
        {},
        [...message.fields].map(([pointer, detail]) =>
          h('li', {}, `${pointer.replace(/^\//, '') || 'request'}: ${detail}`),
        ),
      ),
    h('p', { class: 'alert-next' }, message.next),
    message.requestId && h('p', { class: 'muted small' }, `Request id: ${message.requestId}`),
    retry && h('button', { type: 'button', class: 'button', onclick: retry }, 'Try again'),
  );
}

/**
 * A neutral or warning notice.
 *
 * @example notice('Your session has expired.', 'warning')
 */
export function notice(text: string, tone: 'info' | 'warning' = 'info'): HTMLElement {
  return h('div', { class: `alert alert-${tone}`, role: tone === 'warning' ? 'alert' : 'status' }, text);
}

/**
 * A loading indicator announced politely.
 *
 * @example main.append(loading('Loading API keys…'));
 */
export function loading(text: string): HTMLElement {
  return h(
    'p',
    { class: 'loading', role: 'status' },
    h('span', { class: 'spinner', 'aria-hidden': 'true' }),
    text,
  );
}

/**
 * The page's `<h1>`, focusable so focus can move to it after navigation.
 *
 * @example const heading = pageHeading('API Keys'); heading.focus();
 */
export function pageHeading(text: string): HTMLHeadingElement {
  return h('h1', { tabindex: '-1', id: 'page-title' }, text);
}

/**
 * A live region for announcements such as "Key revoked".
 *
 * @example const status = liveRegion(); status.textContent = 'Key revoked.';
 */
export function liveRegion(): HTMLElement {
  return h('p', { class: 'visually-hidden', role: 'status', 'aria-live': 'polite' });
}

/**
 * A modal `<dialog>` labelled by its heading (text, or text with a badge), removed from the page
 * when closed.
 *
 * @example const dialog = modal('Revoke key', body); dialog.showModal();
 */
export function modal(title: Child, ...content: Node[]): HTMLDialogElement {
  const titleId = `dialog-title-${Math.random().toString(36).slice(2, 8)}`;
  const dialog = h(
    'dialog',
    { class: 'dialog', 'aria-labelledby': titleId },
    h('h2', { id: titleId }, title),
    ...content,
  );
  dialog.addEventListener('close', () => dialog.remove());
  document.body.append(dialog);
  return dialog;
}
