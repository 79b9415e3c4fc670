/** The dashboard's pages, by path below `/dashboard`. */
export type Route = 'api-keys' | 'courses' | 'callback' | 'home';

/** Path of each page. */
export const PATHS: Record<Exclude<Route, 'home'>, string> = {
  'api-keys': '/dashboard/settings/api-keys',
  courses: '/dashboard/courses',
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
  return 'home';
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
 * A link that navigates inside the app, marked `aria-current="page"` when it is the current page.
 *
 * @example h('a', linkProps('courses'), 'Courses')
 */
export function linkProps(
  route: Exclude<Route, 'home' | 'callback'>,
): Record<string, string | ((e: Event) => void)> {
  const href = PATHS[route];
  return {
    href,
    ...(currentRoute() === route ? { 'aria-current': 'page' } : {}),
    onclick: (event: Event) => {
      const mouse = event as MouseEvent;
      if (mouse.ctrlKey || mouse.metaKey || mouse.shiftKey || mouse.button !== 0) return;
      event.preventDefault();
      navigate(href);
    },
  };
}
