import type { KeyEnvironment } from '../../sdk/index.ts';
import { h } from './dom.ts';
import { pageHeading } from './ui.ts';

/** The live parts of the API keys page, placed by {@link apiKeysFrame}. */
export interface ApiKeysParts {
  /** The test banner's place, at the very top so it is the first thing seen. */
  testSlot: HTMLElement;
  switchControl: HTMLElement;
  createKey(): void;
  status: HTMLElement;
  banner: HTMLElement;
  content: HTMLElement;
}

/**
 * The layout of Settings → API Keys: test banner, breadcrumb, heading with the Test mode switch and
 * "Create API Key", the explanation, then the announcements, notices and the key list.
 *
 * @example const page = apiKeysFrame({ testSlot, switchControl, createKey, status, banner, content });
 */
export function apiKeysFrame(parts: ApiKeysParts): HTMLElement {
  return h(
    'main',
    { id: 'main', class: 'page' },
    parts.testSlot,
    h(
      'nav',
      { 'aria-label': 'Breadcrumb', class: 'breadcrumb' },
      h('ol', {}, h('li', {}, 'Settings'), h('li', { 'aria-current': 'page' }, 'API Keys')),
    ),
    h(
      'div',
      { class: 'page-header' },
      pageHeading('API Keys'),
      h(
        'div',
        { class: 'page-actions' },
        parts.switchControl,
        h(
          'button',
          { type: 'button', class: 'button button-primary', onclick: () => parts.createKey() },
          'Create API Key',
        ),
      ),
    ),
    h(
      'p',
      { class: 'muted' },
      'API keys authenticate calls to the course endpoints. A key’s value is shown once, when it is created; the list shows only its first characters.',
    ),
    parts.status,
    parts.banner,
    parts.content,
  );
}

/**
 * What the list shows when the selected environment has no keys yet.
 *
 * @example content.replaceChildren(noKeys('test'));
 */
export function noKeys(environment: KeyEnvironment): HTMLElement {
  return h(
    'div',
    { class: 'empty' },
    h('p', { class: 'empty-title' }, `No ${environment === 'test' ? 'test' : 'production'} API keys yet`),
    h(
      'p',
      { class: 'muted' },
      environment === 'test'
        ? 'Create one to try the course endpoints on test data.'
        : 'Create one to call the course endpoints.',
    ),
  );
}
