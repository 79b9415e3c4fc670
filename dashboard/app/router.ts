/** The dashboard's pages, by path below `/dashboard`; `api-key` is one key's page. */
export type Route = 'api-keys' | 'api-key' | 'courses' | 'webhooks' | 'callback' | 'home';

/** Path of each page but a key's (see {@link keyPagePath}). */
export const PATHS: Record<Exclude<Route, 'home' | 'api-key'>, string> = {
  'api-keys': '/dashboard/settings/api-keys',
  courses: '/dashboard/courses',
  webhooks: '/dashboard/webhooks',
  callback: '/dashboard/callback',
};

/**
 * The page for the current location; anything unknown is `home`.
 *
 * @example if (currentRoute() === 'callback') await completeSignIn();
 */
export function currentRoute(pathname: string = location.pathname): Route {
  const path = pathname.replace(/\/+$/, '');
  for (const [route, routePath] of Object.entries(PATHS)) if (path === routePath) return route as Route;
  return keyIdOf(path) === undefined ? 'home' : 'api-key';
}

const KEY_PAGE = /^\/dashboard\/settings\/api-keys\/(key_[0-9A-Za-z]{16})$/;

/**
 * The key id of a key's page path; `undefined` for any other path.
 *
 * @example keyIdOf(location.pathname)
 */
export function keyIdOf(pathname: string = location.pathname): string | undefined {
  return KEY_PAGE.exec(pathname.replace(/\/+$/, ''))?.[1];
}

/**
 * The path of a key's page.
 *
 * @example navigate(keyPagePath(key.id));
 */
export function keyPagePath(keyId: string): string {
  return `${PATHS['api-keys']}/${keyId}`;
}

let onChange: () => void = () => {};

/**
 * Registers the function that renders the current page, on start and on back/forward.
 *
 * @example startRouter(render);
 */
export function startRouter(render: () => void): void {
  onChange = render;
  window.addEventListener('popstate', () => onChange());
  render();
}

/**
 * Goes to a page without reloading; `replace` leaves no history entry (e.g. after sign-in).
 *
 * @example navigate(PATHS['api-keys'], { replace: true });
 */
export function navigate(path: string, options: { replace?: boolean } = {}): void {
  if (options.replace) history.replaceState(null, '', path);
  else history.pushState(null, '', path);
  onChange();
}

/**
 * A link to `href` inside the app: it navigates without reloading (a click with a modifier key or
 * another button is left to the browser).
 *
 * @example h('a', inAppLink(keyPagePath(key.id)), key.name)
 */
export function inAppLink(href: string): Record<string, string | ((e: Event) => void)> {
  return {
    href,
    onclick: (event: Event) => {
      const mouse = event as MouseEvent;
      if (mouse.ctrlKey || mouse.metaKey || mouse.shiftKey || mouse.button !== 0) return;
      event.preventDefault();
      navigate(href);
    },
  };
}

/**
 * A link to a page, marked `aria-current="page"` when it is the current page.
 *
 * @example h('a', linkProps('courses'), 'Courses')
 */
export function linkProps(
  route: Exclude<Route, 'home' | 'callback' | 'api-key'>,
): Record<string, string | ((e: Event) => void)> {
  return { ...inAppLink(PATHS[route]), ...(currentRoute() === route ? { 'aria-current': 'page' } : {}) };
}
