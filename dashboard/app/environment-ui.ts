import type { KeyEnvironment } from '../../sdk/index.ts';
import { type Child, h, uniqueId } from './dom.ts';
import { ENVIRONMENT_NAMES } from './environment.ts';

/**
 * The environment as a badge: a bold "Test" for the sandbox, a quiet "Production" otherwise.
 *
 * @example h('td', {}, environmentBadge(key.environment))
 */
export function environmentBadge(environment: KeyEnvironment): HTMLElement {
  return h('span', { class: `badge badge-env-${environment}` }, ENVIRONMENT_NAMES[environment]);
}

/**
 * A space and the "Test" badge for a test key, nothing for production: to follow a heading or a
 * label where only the sandbox needs calling out (the space keeps the accessible name readable).
 *
 * @example h('h2', {}, 'Revoke key', testBadge(key.environment))
 */
export function testBadge(environment: KeyEnvironment): Child {
  return environment === 'test' ? [' ', environmentBadge('test')] : null;
}

/**
 * What a page's data belongs to, above it: the test banner with `test` for a sandbox key, a quiet
 * line with the Production badge and `prod` for a production key, nothing without a key.
 *
 * @example environmentSummary(key.environment, { test: 'Test courses only.', prod: 'Production courses.' })
 */
export function environmentSummary(
  environment: KeyEnvironment | undefined,
  words: { test: string; prod: string },
): HTMLElement | null {
  if (environment === 'test') return testModeBanner(words.test);
  if (environment === 'prod')
    return h('p', { class: 'env-line' }, environmentBadge('prod'), ` ${words.prod}`);
  return null;
}

/**
 * The coloured band that says a page shows test data, so no one mistakes the sandbox for production.
 *
 * @example page.prepend(testModeBanner('Test keys see only test courses.', resetButton));
 */
export function testModeBanner(detail: string, ...actions: Child[]): HTMLElement {
  return h(
    'section',
    { class: 'test-banner', 'aria-label': 'Test mode' },
    h(
      'div',
      {},
      h('p', { class: 'test-banner-title' }, 'Test data: nothing here touches production.'),
      h('p', {}, detail),
    ),
    actions.length > 0 && h('div', { class: 'actions' }, actions),
  );
}

/**
 * The Test mode switch: a native button with `role="switch"` and `aria-checked` (Space and Enter
 * toggle it), labelled "Test mode", with the current data set spelled out beside it.
 *
 * @example environmentSwitch('prod', (environment) => show(environment))
 */
export function environmentSwitch(
  initial: KeyEnvironment,
  changed: (environment: KeyEnvironment) => void,
): HTMLElement {
  const id = uniqueId('test-mode');
  const stateId = uniqueId('test-mode-state');
  const state = h('span', { id: stateId, class: 'switch-state' });
  const button = h(
    'button',
    { id, type: 'button', role: 'switch', class: 'switch', 'aria-describedby': stateId },
    h('span', { class: 'switch-thumb', 'aria-hidden': 'true' }),
  );
  const show = (environment: KeyEnvironment) => {
    button.setAttribute('aria-checked', String(environment === 'test'));
    state.textContent = environment === 'test' ? 'Showing test data' : 'Showing production data';
  };
  button.addEventListener('click', () => {
    const next = button.getAttribute('aria-checked') === 'true' ? 'prod' : 'test';
    show(next);
    changed(next);
  });
  show(initial);
  return h(
    'div',
    { class: 'env-switch' },
    h('label', { for: id, class: 'switch-label' }, 'Test mode'),
    button,
    state,
  );
}
