import type { WebhookDelivery, WebhookEndpoint } from '../../sdk/index.ts';
import { h, labelCells } from './dom.ts';
import { describeError } from './errors.ts';
import { formatDateTime } from './format.ts';
import { errorAlert, liveRegion, loading, notice } from './ui.ts';
import { DELIVERIES_SHOWN, type WebhookApi } from './webhook-api.ts';
import { deliveryErrorText } from './webhook-words.ts';

const HEADERS = [
  'Event',
  'Status',
  'Attempts',
  'Response',
  'Duration',
  'Error',
  'Next retry',
  'Created',
  'Actions',
];

const time = (iso: string | null) =>
  iso ? h('time', { datetime: iso }, formatDateTime(iso)) : h('span', { class: 'muted' }, '—');

function deliveryRow(delivery: WebhookDelivery, redeliver: (() => void) | undefined): HTMLElement {
  return labelCells(
    h(
      'tr',
      { 'data-delivery-id': delivery.id },
      h(
        'th',
        { scope: 'row' },
        h('code', {}, delivery.eventType),
        h('span', { class: 'event-id' }, delivery.eventId),
      ),
      h('td', {}, h('span', { class: `badge badge-delivery-${delivery.status}` }, delivery.status)),
      h('td', {}, String(delivery.attempts)),
      h('td', {}, delivery.responseStatus === null ? '—' : String(delivery.responseStatus)),
      h('td', {}, delivery.durationMs === null ? '—' : `${delivery.durationMs} ms`),
      h('td', { class: 'delivery-error' }, deliveryErrorText(delivery.error)),
      h('td', {}, time(delivery.nextAttemptAt)),
      h('td', {}, time(delivery.createdAt)),
      h(
        'td',
        {},
        redeliver
          ? h(
              'button',
              {
                type: 'button',
                class: 'button button-small',
                'aria-label': `Redeliver ${delivery.eventType} ${delivery.eventId}`,
                onclick: redeliver,
              },
              'Redeliver',
            )
          : h('span', { class: 'muted' }, 'Enable to redeliver'),
      ),
    ),
    HEADERS,
  );
}

/**
 * An endpoint's delivery log, newest first: event type and id, status, attempts, the last answer's
 * code and duration (or why there was none), when the next retry is due, and "Redeliver" (while the
 * endpoint is enabled). "Refresh" reloads it; redelivering queues a new delivery and reloads.
 *
 * @example section.replaceWith(deliveriesSection(api, endpoint));
 */
export function deliveriesSection(api: WebhookApi, endpoint: WebhookEndpoint): HTMLElement {
  const status = liveRegion();
  const content = h('div', { 'aria-busy': 'true' }, loading('Loading deliveries…'));
  const refresh = h('button', { type: 'button', class: 'button button-small' }, 'Refresh');
  const heading = h('h2', { tabindex: '-1', id: 'deliveries-title' }, 'Deliveries');

  const redeliver = async (delivery: WebhookDelivery) => {
    try {
      await api.redeliver(endpoint.id, delivery.id);
      status.textContent = `${delivery.eventType} queued again.`;
      await reload();
    } catch (error) {
      content.prepend(errorAlert(describeError(error)));
    }
  };

  async function reload(): Promise<void> {
    content.setAttribute('aria-busy', 'true');
    refresh.disabled = true;
    try {
      const { deliveries, more } = await api.deliveries(endpoint.id);
      content.replaceChildren(
        deliveries.length === 0
          ? h('div', { class: 'empty' }, h('p', { class: 'empty-title' }, 'Nothing sent yet'))
          : h(
              'div',
              { class: 'table-wrap' },
              h(
                'table',
                { class: 'table table-cards', 'aria-labelledby': heading.id },
                h(
                  'thead',
                  {},
                  h(
                    'tr',
                    {},
                    HEADERS.map((text) => h('th', { scope: 'col' }, text)),
                  ),
                ),
                h(
                  'tbody',
                  {},
                  deliveries.map((d) =>
                    deliveryRow(d, endpoint.enabled ? () => void redeliver(d) : undefined),
                  ),
                ),
              ),
              more && h('p', { class: 'muted small' }, `Showing the newest ${DELIVERIES_SHOWN}.`),
            ),
      );
    } catch (error) {
      content.replaceChildren(errorAlert(describeError(error), () => void reload()));
    } finally {
      content.setAttribute('aria-busy', 'false');
      refresh.disabled = false;
    }
  }
  refresh.addEventListener('click', () => {
    status.textContent = 'Deliveries reloaded.';
    void reload();
  });
  void reload();
  return h(
    'section',
    { class: 'card deliveries', 'aria-labelledby': heading.id },
    h('div', { class: 'section-header' }, heading, refresh),
    h(
      'p',
      { class: 'muted deliveries-of' },
      'To ',
      h('code', {}, endpoint.url),
      ', newest first; kept for 30 days.',
    ),
    !endpoint.enabled &&
      notice('This endpoint is disabled: nothing is sent or redelivered until it is enabled.'),
    status,
    content,
  );
}
