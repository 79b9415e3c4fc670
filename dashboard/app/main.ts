import { keyClient } from './api.ts';
import { apiKeysPage, type PageContext } from './api-keys-page.ts';
import { type DashboardConfig, loadDashboardConfig } from './config.ts';
import { coursesPage } from './courses-page.ts';
import { h, replaceChildren } from './dom.ts';
import { rememberEnvironmentFromUrl } from './environment.ts';
import { describeError, isSessionEnded } from './errors.ts';
import { apiKeyPage } from './key-page.ts';
import { completeOidcSignIn } from './oidc.ts';
import { currentRoute, keyIdOf, navigate, PATHS, type Route, startRouter } from './router.ts';
import { clearSession, loadSession, saveSession, sessionFromToken, setSignInNotice } from './session.ts';
import { shell } from './shell.ts';
import { signInPage } from './sign-in-page.ts';
import { errorAlert, loading } from './ui.ts';
import { webhooksPage } from './webhooks-page.ts';

const root = document.getElementById('app') as HTMLElement;

function focusHeading(): void {
  document.getElementById('page-title')?.focus({ preventScroll: true });
}

// The page the person asked for before signing in, if it needs no more than the path.
function pageAfterSignIn(): string {
  const route = currentRoute();
  return route === 'courses' || route === 'webhooks' ? PATHS[route] : PATHS['api-keys'];
}

const TITLES: Record<string, string> = { courses: 'Courses', webhooks: 'Webhooks' };

// The signed-in page of a route; the courses and webhooks pages work with an API key, not the session.
function pageFor(route: Route, context: PageContext): HTMLElement {
  switch (route) {
    case 'courses':
      return coursesPage();
    case 'webhooks':
      return webhooksPage();
    case 'api-key':
      return apiKeyPage(context, keyIdOf() as string);
    default:
      return apiKeysPage(context);
  }
}

function render(config: DashboardConfig): void {
  const session = loadSession();
  if (!session) {
    document.title = 'Sign in · Course Service';
    replaceChildren(
      root,
      signInPage(config, () => navigate(pageAfterSignIn(), { replace: true })),
    );
    focusHeading();
    return;
  }
  const signOut = () => {
    clearSession();
    setSignInNotice('You have signed out.');
    navigate('/dashboard/', { replace: true });
  };
  const endsSession = (error: unknown) => {
    if (!isSessionEnded(error)) return false;
    clearSession();
    setSignInNotice(`Your session has ended: ${describeError(error).detail}`);
    for (const dialog of document.querySelectorAll('dialog')) dialog.close();
    render(config);
    return true;
  };
  const route = currentRoute();
  if (route === 'home' || route === 'callback') {
    navigate(PATHS['api-keys'], { replace: true });
    return;
  }
  // The title first: the keys page marks it when it opens in Test mode.
  document.title = `${TITLES[route] ?? 'API Keys'} · Course Service`;
  const context = { client: keyClient(session), account: session.subject, endsSession };
  const page = pageFor(route, context);
  replaceChildren(root, shell(session, page, signOut));
  focusHeading();
}

async function start(): Promise<void> {
  replaceChildren(root, loading('Loading the dashboard…'));
  rememberEnvironmentFromUrl();
  const config = await loadDashboardConfig();
  if (config.mode === 'oidc' && currentRoute() === 'callback') {
    replaceChildren(root, loading('Signing you in…'));
    const { idToken, returnTo } = await completeOidcSignIn(config);
    saveSession(sessionFromToken(idToken));
    history.replaceState(null, '', returnTo);
  }
  startRouter(() => render(config));
}

start().catch((error: unknown) => {
  replaceChildren(
    root,
    h(
      'main',
      { id: 'main', class: 'sign-in' },
      h(
        'section',
        { class: 'card sign-in-card' },
        h('h1', {}, 'The dashboard could not start'),
        errorAlert(describeError(error)),
        h('p', {}, h('a', { href: '/dashboard/' }, 'Back to sign-in')),
      ),
    ),
  );
});
