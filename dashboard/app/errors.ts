import {
  APIConnectionError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  CourseServiceError,
  InternalServerError,
  PermissionDeniedError,
  RateLimitError,
} from '../../sdk/index.ts';

/** An error as a person reads it: what happened, what to do next, and per-field messages. */
export interface ErrorMessage {
  title: string;
  detail: string;
  next: string;
  /** Field errors keyed by JSON pointer, e.g. `/name`. */
  fields: Map<string, string>;
  requestId: string | undefined;
}

/**
 * True when the API refused the ID token: the session is over and the person must sign in again.
 *
 * @example if (isSessionEnded(error)) backToSignIn();
 */
export function isSessionEnded(error: unknown): boolean {
  return (
    error instanceof AuthenticationError &&
    error.code !== 'invalid_api_key' &&
    error.code !== 'api_key_revoked' &&
    error.code !== 'api_key_expired'
  );
}

/**
 * Turns anything thrown by the SDK (or the page) into the API problem's `detail` plus a next step.
 *
 * @example const message = describeError(error); showAlert(message.title, message.detail, message.next);
 */
export function describeError(error: unknown): ErrorMessage {
  const fields = new Map<string, string>();
  if (!(error instanceof CourseServiceError)) {
    const detail = error instanceof Error ? error.message : String(error);
    return {
      title: 'Something went wrong',
      detail,
      next: 'Reload the page and try again.',
      fields,
      requestId: undefined,
    };
  }
  for (const field of error.errors) fields.set(field.pointer, field.detail);
  const requestId = error.requestId;
  const base = { detail: error.detail, fields, requestId };
  if (error instanceof APIConnectionError) {
    return {
      ...base,
      title: 'The service cannot be reached',
      next: 'Check your connection and that the service is running, then try again.',
    };
  }
  if (error instanceof RateLimitError) {
    const wait = error.retryAfterSeconds;
    return {
      ...base,
      title: 'Too many requests',
      next: `Wait ${wait === undefined ? 'a moment' : `${wait} seconds`}, then try again.`,
    };
  }
  if (error instanceof BadRequestError)
    return {
      ...base,
      title: 'Please check the form',
      next: 'Correct the highlighted fields and submit again.',
    };
  if (error instanceof AuthenticationError)
    return { ...base, title: 'Not authorised', next: 'Check the credential and try again.' };
  if (error instanceof PermissionDeniedError)
    return { ...base, title: 'Permission denied', next: 'Use a key that has the scope named above.' };
  if (error instanceof ConflictError)
    return {
      ...base,
      title: 'Not possible in its current state',
      next: 'The detail above says what to do first; the list may be out of date, so reload it.',
    };
  if (error instanceof InternalServerError) {
    return {
      ...base,
      title: 'The service failed',
      next: `Try again later; if it persists, report request id ${requestId ?? '(none)'}.`,
    };
  }
  return {
    ...base,
    title: `Request failed (${error.status ?? 'no response'})`,
    next: 'Try again; if it persists, contact the service operator.',
  };
}
