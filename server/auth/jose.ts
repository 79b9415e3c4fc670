/** The jose module, once loaded. */
type Jose = typeof import('jose');

let loaded: Promise<Jose> | undefined;

/**
 * jose, loaded on first use: ID tokens are verified or issued far more rarely than API keys are
 * checked, and loading jose was a tenth of the server's start-up.
 */
export function jose(): Promise<Jose> {
  loaded ??= import('jose');
  return loaded;
}
