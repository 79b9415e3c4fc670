const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The development sign-in page: asks for the subject to sign in as (no password: this provider
 * trusts whoever runs the server), and posts the authorization request back with it.
 */
export function authorizePage(params: URLSearchParams, clientName: string): string {
  const hidden = [...params]
    .filter(([name]) => name !== 'sub')
    .map(
      ([name, value]) =>
        `      <input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Development sign-in</title></head>
  <body>
    <h1>Development sign-in</h1>
    <p>${escapeHtml(clientName)} asks to act for you on the Course Management Service. This is the
    development identity provider: it signs in any subject without a password. Never use it in production.</p>
    <form method="post" action="/oauth/authorize">
${hidden}
      <label>Subject <input name="sub" required maxlength="255" autofocus></label>
      <button type="submit">Sign in</button>
    </form>
  </body>
</html>
`;
}
