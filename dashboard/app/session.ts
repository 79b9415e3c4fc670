/** The signed-in person: the ID token (kept in session storage only) and what the page shows of it. */
export interface Session {
  idToken: string;
  subject: string;
  /** Milliseconds since the epoch when the token expires. */
  expiresAt: number;
}

const KEY = 'course-service.dashboard.session';
const NOTICE_KEY = 'course-service.dashboard.sign-in-notice';

/**
 * Reads `sub` and `exp` from an ID token to show who is signed in and when to sign in again. The
 * signature is the server's business: it verifies the token on every call.
 *
 * @example const session = sessionFromToken(idToken);
 */
export function sessionFromToken(idToken: string): Session {
  const payload = idToken.split('.')[1] ?? '';
  const json = atob(
    payload
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(payload.length / 4) * 4, '='),
  );
  const bytes = Uint8Array.from(json, (c) => c.charCodeAt(0));
  const claims = JSON.parse(new TextDecoder().decode(bytes)) as { sub?: unknown; exp?: unknown };
  if (typeof claims.sub !== 'string' || typeof claims.exp !== 'number')
    throw new Error('The ID token has no sub or exp.');
  return { idToken, subject: claims.sub, expiresAt: claims.exp * 1000 };
}

/**
 * Keeps the session for this tab only (session storage), never in a URL, cookie or log.
 *
 * @example saveSession(sessionFromToken(idToken));
 */
export function saveSession(session: Session): void {
  sessionStorage.setItem(KEY, JSON.stringify(session));
}

/**
 * The current session, or `undefined` when there is none or its token has expired.
 *
 * @example if (!loadSession()) showSignIn();
 */
export function loadSession(now: number = Date.now()): Session | undefined {
  const raw = sessionStorage.getItem(KEY);
  if (!raw) return undefined;
  try {
    const session = JSON.parse(raw) as Session;
    if (typeof session.idToken === 'string' && session.expiresAt > now) return session;
    setSignInNotice('Your session has expired. Sign in again to continue.');
  } catch {
    // A damaged entry is treated as no session.
  }
  sessionStorage.removeItem(KEY);
  return undefined;
}

/**
 * Forgets the session (sign-out, or a token the server refused).
 *
 * @example clearSession();
 */
export function clearSession(): void {
  sessionStorage.removeItem(KEY);
}

/**
 * Leaves a message for the sign-in page, e.g. why the person was sent back to it.
 *
 * @example setSignInNotice('Your session has expired.');
 */
export function setSignInNotice(message: string): void {
  sessionStorage.setItem(NOTICE_KEY, message);
}

/**
 * Takes (reads and removes) the message left for the sign-in page.
 *
 * @example const notice = takeSignInNotice();
 */
export function takeSignInNotice(): string | undefined {
  const message = sessionStorage.getItem(NOTICE_KEY) ?? undefined;
  sessionStorage.removeItem(NOTICE_KEY);
  return message;
}
