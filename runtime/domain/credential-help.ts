import { unknownKeyEnvironment } from './api-key-format.ts';

/** How to send an API key, appended to every problem about one (server and mocks word it alike). */
export const KEY_HELP = "Send an API key as 'Authorization: Bearer <API_KEY>' or 'X-API-Key: <API_KEY>'.";

/** How to send an ID token, appended to every problem about one. */
export const TOKEN_HELP = "Send an identity-provider ID token as 'Authorization: Bearer <ID_TOKEN>'.";

/**
 * Why a value that is not a well-formed key was refused: an unknown environment is named
 * (`cms_staging_…`), anything else is malformed or mistyped. Server and mocks word it alike.
 *
 * @example malformedKeyDetail('hunter2') // "The API key is malformed or mistyped. Send an API key as …"
 */
export function malformedKeyDetail(value: string): string {
  const environment = unknownKeyEnvironment(value);
  return environment === undefined
    ? `The API key is malformed or mistyped. ${KEY_HELP}`
    : `The API key names an unknown environment '${environment}': keys are 'prod' or 'test'. ${KEY_HELP}`;
}
