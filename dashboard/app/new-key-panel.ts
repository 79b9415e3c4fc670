import type { ApiKeyWithSecret } from '../../sdk/index.ts';
import { testBadge } from './environment-ui.ts';
import { oneTimeSecretPanel } from './one-time-secret.ts';

/**
 * The one-time view of a new key's value: a clear warning, the value in a read-only field, a copy
 * button and "Done"; a test key carries the "Test" badge.
 *
 * @example form.replaceWith(newKeyPanel(key, () => dialog.close()));
 */
export function newKeyPanel(key: ApiKeyWithSecret, done: () => void): HTMLElement {
  return oneTimeSecretPanel({
    label: [`API key “${key.name}”`, testBadge(key.environment)],
    value: key.key,
    warning: 'Copy this key now. It will not be shown again.',
    advice: 'Store it in a secret manager. If it is lost, revoke it and create a new one.',
    done,
  });
}
