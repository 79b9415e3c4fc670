import type { KeyEnvironment } from './gen/types.gen.ts';

/** The key format `<prefix>_<environment>_<32 characters>`, as the spec's `ApiKeyWithSecret.key` pattern says. */
const KEY_PATTERN = /^[a-z][a-z0-9]{1,9}_(prod|test)_[0-9A-Za-z]{32}$/;

/**
 * The environment a key value names (`prod` or `test`), read from the value itself: no request.
 * `undefined` for anything that is not shaped like a key.
 *
 * @example keyEnvironment('cms_test_8fJ2kLq9ZxW3vB7nR4tY6uP1m0a3Xk9Q') // 'test'
 */
export function keyEnvironment(key: string): KeyEnvironment | undefined {
  return KEY_PATTERN.exec(key)?.[1] as KeyEnvironment | undefined;
}

/**
 * The environment that answered a call, from its `Course-Environment` header; `undefined` when the
 * call was not made with an API key.
 *
 * @example responseEnvironment(response.headers) // 'prod'
 */
export function responseEnvironment(headers: Headers): KeyEnvironment | undefined {
  const value = headers.get('Course-Environment');
  return value === 'prod' || value === 'test' ? value : undefined;
}
