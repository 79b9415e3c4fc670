import type { DashboardConfig } from './config.ts';
import { h, uniqueId } from './dom.ts';
import { describeError } from './errors.ts';
import { startOidcSignIn } from './oidc.ts';
import { saveSession, sessionFromToken, takeSignInNotice } from './session.ts';
import { errorAlert, notice } from './ui.ts';

/**
 * The sign-in page. With the built-in development identity provider: "sign in as <subject>"
 * (`POST /dev/token`). With a real provider: a button that starts the OpenID Connect flow.
 *
 * @example main.replaceChildren(signInPage(config, () => navigate(returnTo, { replace: true })));
 */
export function signInPage(config: DashboardConfig, onSignedIn: () => void): HTMLElement {
  const message = takeSignInNotice();
  const errorSlot = h('div', {});
  const fail = (error: unknown) => errorSlot.replaceChildren(errorAlert(describeError(error)));
  const returnTo =
    location.pathname.startsWith('/dashboard/settings') || location.pathname.startsWith('/dashboard/courses')
      ? location.pathname
      : '/dashboard/settings/api-keys';
  const body =
    config.mode === 'dev'
      ? devForm(onSignedIn, fail, errorSlot)
      : oidcButton(config, returnTo, fail, errorSlot);
  return h(
    'main',
    { class: 'sign-in', id: 'main' },
    h(
      'section',
      { class: 'card sign-in-card', 'aria-labelledby': 'page-title' },
      h('h1', { id: 'page-title', tabindex: '-1' }, 'Sign in'),
      h('p', { class: 'muted' }, 'Manage the API keys of the Course Management Service.'),
      message ? notice(message, 'warning') : null,
      errorSlot,
      body,
    ),
  );
}

function devForm(
  onSignedIn: () => void,
  fail: (error: unknown) => void,
  errorSlot: HTMLElement,
): HTMLElement {
  const inputId = uniqueId('subject');
  const hintId = uniqueId('subject-hint');
  const input = h('input', {
    id: inputId,
    name: 'subject',
    required: true,
    maxlength: '255',
    autocomplete: 'username',
    'aria-describedby': hintId,
  });
  const submit = h('button', { type: 'submit', class: 'button button-primary' }, 'Sign in');
  const form = h(
    'form',
    { class: 'form', 'aria-label': 'Development sign-in' },
    notice(
      'Development mode: the built-in identity provider signs in any subject. Never use it in production.',
    ),
    h('label', { for: inputId }, 'Sign in as (subject)'),
    input,
    h('p', { id: hintId, class: 'hint' }, 'Any name, e.g. alice@example.com. Keys belong to this subject.'),
    submit,
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const subject = input.value.trim();
    if (!subject) return input.focus();
    errorSlot.replaceChildren();
    submit.disabled = true;
    submit.textContent = 'Signing in…';
    try {
      const response = await fetch('/dev/token', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ sub: subject }),
      });
      const body = (await response.json()) as { idToken?: string; detail?: string };
      if (!response.ok || !body.idToken)
        throw new Error(body.detail ?? `Sign-in failed (HTTP ${response.status}).`);
      saveSession(sessionFromToken(body.idToken));
      onSignedIn();
    } catch (error) {
      fail(error);
      submit.disabled = false;
      submit.textContent = 'Sign in';
    }
  });
  return form;
}

function oidcButton(
  config: Extract<DashboardConfig, { mode: 'oidc' }>,
  returnTo: string,
  fail: (error: unknown) => void,
  errorSlot: HTMLElement,
): HTMLElement {
  const button = h(
    'button',
    { type: 'button', class: 'button button-primary' },
    'Sign in with your identity provider',
  );
  button.addEventListener('click', async () => {
    errorSlot.replaceChildren();
    button.disabled = true;
    button.textContent = 'Redirecting…';
    try {
      await startOidcSignIn(config, returnTo);
    } catch (error) {
      fail(error);
      button.disabled = false;
      button.textContent = 'Sign in with your identity provider';
    }
  });
  return h(
    'div',
    { class: 'form' },
    h('p', {}, `You will be sent to ${new URL(config.issuer).host} and back.`),
    button,
  );
}
