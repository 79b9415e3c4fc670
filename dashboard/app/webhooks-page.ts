import type { KeyEnvironment, WebhookEndpoint } from '../../sdk/index.ts';
import { h, uniqueId } from './dom.ts';
import { environmentSummary } from './environment-ui.ts';
import { describeError } from './errors.ts';
import { errorAlert, liveRegion, loading, pageHeading } from './ui.ts';
import { type WebhookApi, webhookApi } from './webhook-api.ts';
import { openDeleteEndpointDialog } from './webhook-delete-dialog.ts';
import { deliveriesSection } from './webhook-deliveries.ts';
import { openAddEndpointDialog } from './webhook-endpoint-dialog.ts';
import { type EndpointActions, endpointTable } from './webhook-endpoint-table.ts';
import { openRotateSecretDialog } from './webhook-rotate-dialog.ts';

function noEndpoints(environment: KeyEnvironment | undefined): HTMLElement {
  return h(
    'div',
    { class: 'empty' },
    h('p', { class: 'empty-title' }, `No ${environment === 'test' ? 'test ' : ''}webhook endpoints yet`),
    h('p', { class: 'muted' }, 'Add one to receive course and API key events as signed POSTs.'),
  );
}

/**
 * Webhooks: the endpoints of an API key's environment (production or the sandbox), read and changed
 * with that key (scope `webhooks:write`), which the person pastes and which stays in this page's
 * memory. Add an endpoint (its signing secret shown once), enable or disable it, send it a test
 * event, rotate its secret (shown once), delete it, and read its delivery log with "Redeliver".
 *
 * @example main.replaceChildren(webhooksPage());
 */
export function webhooksPage(): HTMLElement {
  const inputId = uniqueId('webhook-key');
  const hintId = uniqueId('webhook-key-hint');
  const input = h('input', {
    id: inputId,
    type: 'password',
    required: true,
    autocomplete: 'off',
    spellcheck: 'false',
    'aria-describedby': hintId,
  });
  const submit = h('button', { type: 'submit', class: 'button button-primary' }, 'Show endpoints');
  const addButton = h(
    'button',
    { type: 'button', class: 'button button-primary', hidden: true },
    'Add endpoint',
  );
  const environmentSlot = h('div', {});
  const status = liveRegion();
  const actionError = h('div', {});
  const content = h('div', { 'aria-live': 'polite' });
  const listCard = h('div', { class: 'card', hidden: true }, content);
  const deliveriesSlot = h('div', {});
  let api: WebhookApi | undefined;
  let environment: KeyEnvironment | undefined;
  let shownDeliveries: string | undefined;

  const form = h(
    'form',
    { class: 'form form-inline', 'aria-label': 'Manage webhooks with an API key' },
    h('label', { for: inputId }, 'API key with the webhooks:write scope'),
    h('div', { class: 'copy-row' }, input, submit),
    h(
      'p',
      { id: hintId, class: 'hint' },
      'A test key manages the sandbox’s endpoints, a production key production’s. The key stays in this page’s memory and is forgotten when you leave it.',
    ),
  );

  const showDeliveries = (endpoint: WebhookEndpoint, focus: boolean) => {
    if (!api) return;
    shownDeliveries = endpoint.id;
    deliveriesSlot.replaceChildren(deliveriesSection(api, endpoint));
    if (focus) document.getElementById('deliveries-title')?.focus();
  };

  // Runs an action on a row; its error shows above the list, its result in the live region.
  const act = (work: (api: WebhookApi) => Promise<void>) => async () => {
    if (!api) return;
    actionError.replaceChildren();
    try {
      await work(api);
    } catch (error) {
      actionError.replaceChildren(errorAlert(describeError(error)));
    }
  };

  const actions: EndpointActions = {
    deliveries: (endpoint) => showDeliveries(endpoint, true),
    sendTest: (endpoint) =>
      void act(async (webhooks) => {
        const delivery = await webhooks.sendTest(endpoint.id);
        status.textContent = `Test event queued for ${endpoint.url} (${delivery.status}).`;
        showDeliveries(endpoint, false);
      })(),
    setEnabled: (endpoint, enabled) =>
      void act(async (webhooks) => {
        const changed = await webhooks.update(endpoint.id, { enabled });
        status.textContent = `${endpoint.url} ${enabled ? 'enabled' : 'disabled'}.`;
        await reload();
        if (shownDeliveries === changed.id) showDeliveries(changed, false);
        // The row was redrawn: give the focus back to its toggle, now the opposite one.
        content
          .querySelector<HTMLElement>(
            `tr[data-endpoint-id="${changed.id}"] button[aria-label^="${enabled ? 'Disable' : 'Enable'} "]`,
          )
          ?.focus();
      })(),
    rotate: (endpoint) =>
      api &&
      openRotateSecretDialog({
        api,
        endpoint,
        rotated: () => {
          status.textContent = `Signing secret of ${endpoint.url} rotated.`;
          void reload();
        },
      }),
    remove: (endpoint) =>
      api &&
      openDeleteEndpointDialog({
        api,
        endpoint,
        deleted: () => {
          status.textContent = `${endpoint.url} deleted.`;
          if (shownDeliveries === endpoint.id) deliveriesSlot.replaceChildren();
          void reload();
        },
      }),
  };

  async function reload(): Promise<void> {
    if (!api) return;
    content.setAttribute('aria-busy', 'true');
    try {
      const listed = await api.listEndpoints();
      environment = listed.environment;
      // Frames the whole page in the test colour while it shows the sandbox.
      if (environment) page.dataset.environment = environment;
      document.title = `${environment === 'test' ? 'Test mode · ' : ''}Webhooks · Course Service`;
      environmentSlot.replaceChildren(
        environmentSummary(environment, {
          test: 'These are the sandbox’s endpoints: they receive test events only, never production’s.',
          prod: 'Production endpoints: they receive production events.',
        }) ?? '',
      );
      addButton.hidden = false;
      content.replaceChildren(
        listed.endpoints.length === 0 ? noEndpoints(environment) : endpointTable(listed.endpoints, actions),
      );
    } finally {
      content.setAttribute('aria-busy', 'false');
    }
  }

  addButton.addEventListener('click', () => {
    if (!api) return;
    openAddEndpointDialog({
      api,
      environment,
      created: (endpoint) => {
        status.textContent = `Endpoint ${endpoint.url} added.`;
        void reload();
      },
    });
  });

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const apiKey = input.value.trim();
    if (!apiKey) return input.focus();
    submit.disabled = true;
    api = webhookApi(apiKey);
    addButton.hidden = true;
    delete page.dataset.environment;
    environmentSlot.replaceChildren();
    actionError.replaceChildren();
    deliveriesSlot.replaceChildren();
    shownDeliveries = undefined;
    listCard.hidden = false;
    content.replaceChildren(loading('Loading webhook endpoints…'));
    try {
      await reload();
    } catch (error) {
      api = undefined;
      content.replaceChildren(errorAlert(describeError(error)));
    } finally {
      submit.disabled = false;
    }
  });

  const page = h(
    'main',
    { id: 'main', class: 'page' },
    environmentSlot,
    h(
      'div',
      { class: 'page-header' },
      pageHeading('Webhooks'),
      h('div', { class: 'page-actions' }, addButton),
    ),
    h(
      'p',
      { class: 'muted' },
      'Endpoints receive the environment’s events (course and API key changes) as POSTs signed with their secret (Standard Webhooks). A secret is shown once, when the endpoint is added or its secret rotated.',
    ),
    h('div', { class: 'card' }, form),
    status,
    actionError,
    listCard,
    deliveriesSlot,
  );
  return page;
}
