/** How to send an API key, appended to every problem about one (server and mocks word it alike). */
export const KEY_HELP = "Send an API key as 'Authorization: Bearer <API_KEY>' or 'X-API-Key: <API_KEY>'.";

/** How to send an ID token, appended to every problem about one. */
export const TOKEN_HELP = "Send an identity-provider ID token as 'Authorization: Bearer <ID_TOKEN>'.";
