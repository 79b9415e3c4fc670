import type { WebhookEndpoint } from '../../sdk/index.ts';
import { h, labelCells } from './dom.ts';
import { formatDate, formatDateTime } from './format.ts';
import { disabledText, eventTypesText } from './webhook-words.ts';

/** What a row's buttons do. */
export interface EndpointActions {
  deliveries(endpoint: WebhookEndpoint): void;
  sendTest(endpoint: WebhookEndpoint): void;
  setEnabled(endpoint: WebhookEndpoint, enabled: boolean): void;
  rotate(endpoint: WebhookEndpoint): void;
  remove(endpoint: WebhookEndpoint): void;
}

const HEADERS = ['Endpoint', 'Events', 'Status', 'Secret', 'Created', 'Actions'];

function statusCell(endpoint: WebhookEndpoint): HTMLElement {
  const why = disabledText(endpoint);
  return h(
    'td',
    { class: 'status' },
    h(
      'span',
      { class: `badge badge-${endpoint.enabled ? 'active' : 'revoked'}` },
      why ? 'Disabled' : 'Enabled',
    ),
    why && h('span', { class: 'disabled-reason' }, why),
  );
}

// Each button names its endpoint (visible text first), so a screen reader's button list is clear.
function button(text: string, endpoint: WebhookEndpoint, onclick: () => void, extra = ''): HTMLElement {
  return h(
    'button',
    {
      type: 'button',
      class: `button button-small ${extra}`.trim(),
      'aria-label': `${text} ${endpoint.url}`,
      onclick,
    },
    text,
  );
}

function actionsCell(endpoint: WebhookEndpoint, actions: EndpointActions): HTMLElement {
  return h(
    'td',
    {},
    h(
      'div',
      { class: 'actions' },
      button('Deliveries', endpoint, () => actions.deliveries(endpoint)),
      endpoint.enabled && button('Send test event', endpoint, () => actions.sendTest(endpoint)),
      endpoint.enabled
        ? button('Disable', endpoint, () => actions.setEnabled(endpoint, false))
        : button('Enable', endpoint, () => actions.setEnabled(endpoint, true)),
      button('Rotate secret…', endpoint, () => actions.rotate(endpoint)),
      button('Delete…', endpoint, () => actions.remove(endpoint), 'button-danger'),
    ),
  );
}

/**
 * The webhook endpoints, newest first: URL and description, event types, status (a disabled
 * endpoint says why), the secret's first characters, created, and the actions. Secrets are never
 * part of an endpoint record, so never shown here. On a phone each endpoint is a card.
 *
 * @example content.replaceChildren(endpointTable(endpoints, actions));
 */
export function endpointTable(endpoints: WebhookEndpoint[], actions: EndpointActions): HTMLElement {
  return h(
    'div',
    { class: 'table-wrap' },
    h(
      'table',
      { class: 'table table-cards', 'aria-describedby': 'endpoints-caption' },
      h(
        'caption',
        { id: 'endpoints-caption', class: 'visually-hidden' },
        `Webhook endpoints, newest first (${endpoints.length})`,
      ),
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
        endpoints.map((endpoint) =>
          labelCells(
            h(
              'tr',
              { 'data-endpoint-id': endpoint.id, class: endpoint.enabled ? '' : 'inactive' },
              h(
                'th',
                { scope: 'row', class: 'endpoint-url' },
                h('code', {}, endpoint.url),
                endpoint.description && h('span', { class: 'endpoint-description' }, endpoint.description),
              ),
              h(
                'td',
                {},
                h(
                  'ul',
                  { class: 'scopes' },
                  eventTypesText(endpoint.eventTypes).map((type) => h('li', {}, type)),
                ),
              ),
              statusCell(endpoint),
              h('td', {}, h('code', {}, `${endpoint.secretStart}…`)),
              h(
                'td',
                {},
                h(
                  'time',
                  { datetime: endpoint.createdAt, title: formatDateTime(endpoint.createdAt) },
                  formatDate(endpoint.createdAt),
                ),
              ),
              actionsCell(endpoint, actions),
            ),
            HEADERS,
          ),
        ),
      ),
    ),
  );
}
