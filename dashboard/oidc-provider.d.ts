// The little of oidc-provider (which ships no types) that the browser test uses to run a real
// OpenID Connect provider.
declare module 'oidc-provider' {
  import type { RequestListener } from 'node:http';

  interface ClientMetadata {
    client_id: string;
    token_endpoint_auth_method?: string;
    redirect_uris: string[];
    grant_types?: string[];
    response_types?: string[];
  }

  interface Configuration {
    clients?: ClientMetadata[];
    findAccount?: (ctx: unknown, sub: string) => { accountId: string; claims: () => Record<string, unknown> };
  }

  /** An OpenID Connect provider; `callback()` is its Node request listener. */
  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    callback(): RequestListener;
  }
}
