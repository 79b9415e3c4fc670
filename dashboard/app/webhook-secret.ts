import type { WebhookEndpointWithSecret } from '../../sdk/index.ts';
import { oneTimeSecretPanel } from './one-time-secret.ts';

/**
 * The one-time view of an endpoint's signing secret (after adding it or rotating it): a warning
 * that it is shown once, the `whsec_…` value, a copy button and "Done".
 *
 * @example form.replaceWith(secretPanel(endpoint, () => dialog.close()));
 */
export function secretPanel(endpoint: WebhookEndpointWithSecret, done: () => void): HTMLElement {
  return oneTimeSecretPanel({
    label: 'Signing secret',
    value: endpoint.secret,
    warning: 'Copy this signing secret now. It will not be shown again.',
    advice:
      'Your receiver verifies each delivery’s webhook-signature with it (Standard Webhooks). Store it in a secret manager; if it is lost, rotate it.',
    done,
  });
}
