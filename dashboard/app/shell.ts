import { h } from './dom.ts';
import { linkProps } from './router.ts';
import type { Session } from './session.ts';

/**
 * The signed-in frame: a skip link, the product name, navigation (Settings → API Keys, Courses, Webhooks),
 * who is signed in, and "Sign out"; `page` is the `<main>` element.
 *
 * @example root.replaceChildren(shell(session, apiKeysPage(context), signOut));
 */
export function shell(session: Session, page: HTMLElement, signOut: () => void): DocumentFragment {
  const fragment = document.createDocumentFragment();
  fragment.append(
    h('a', { class: 'skip-link', href: '#main' }, 'Skip to content'),
    h(
      'header',
      { class: 'topbar' },
      h(
        'a',
        { class: 'brand', ...linkProps('api-keys') },
        h('span', { class: 'brand-mark', 'aria-hidden': 'true' }, 'C'),
        'Course Service',
      ),
      h(
        'nav',
        { 'aria-label': 'Main', class: 'nav' },
        h(
          'ul',
          {},
          h('li', {}, h('a', linkProps('api-keys'), 'Settings › API Keys')),
          h('li', {}, h('a', linkProps('courses'), 'Courses')),
          h('li', {}, h('a', linkProps('webhooks'), 'Webhooks')),
        ),
      ),
      h(
        'div',
        { class: 'account' },
        h('span', { class: 'muted' }, 'Signed in as '),
        h('strong', { class: 'subject' }, session.subject),
        h('button', { type: 'button', class: 'button button-small', onclick: signOut }, 'Sign out'),
      ),
    ),
    page,
  );
  return fragment;
}
