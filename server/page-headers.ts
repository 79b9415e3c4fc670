/** What a page may reach beyond its own origin. */
export interface PageHeaderOptions {
  /** Origins its scripts may fetch besides this one (the dashboard's identity provider). */
  connectOrigins?: string[];
  /** Whether its forms may submit to this origin (else nowhere). */
  formsToSelf?: boolean;
  /**
   * Origins a form submitted to this origin may be redirected to: Chromium applies `form-action`
   * to the redirects that follow the submission (the OAuth sign-in form's redirect to the client).
   */
  formRedirectOrigins?: string[];
  /**
   * Whether `<style>` elements and `style` attributes that the page's own scripts write may apply
   * (the API reference's renderer needs it); scripts stay this origin's files only.
   */
  inlineStyles?: boolean;
}

/**
 * The security headers of the service's own pages (`/`, `/docs`, `/dashboard`): a
 * Content-Security-Policy with no inline script, no inline style unless asked, and no third-party
 * origin but the ones named, no framing, no referrer, no MIME sniffing.
 *
 * @example ctx.set(pageHeaders({ connectOrigins: ['https://idp.example.com'], formsToSelf: true }));
 */
export function pageHeaders({
  connectOrigins = [],
  formsToSelf = false,
  formRedirectOrigins = [],
  inlineStyles = false,
}: PageHeaderOptions = {}) {
  const formTargets = formsToSelf ? ["'self'", ...formRedirectOrigins] : ["'none'"];
  const csp = [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    // Browsers that predate these two directives fall back to style-src and keep refusing. Images,
    // fonts and connections stay this origin's, so an injected style could send nothing elsewhere.
    ...(inlineStyles ? ["style-src-elem 'self' 'unsafe-inline'", "style-src-attr 'unsafe-inline'"] : []),
    `connect-src ${["'self'", ...connectOrigins].join(' ')}`,
    "img-src 'self' data:",
    "font-src 'self'",
    "base-uri 'none'",
    `form-action ${formTargets.join(' ')}`,
    "frame-ancestors 'none'",
  ].join('; ');
  return {
    'Content-Security-Policy': csp,
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}
