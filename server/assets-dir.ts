import { fileURLToPath } from 'node:url';

/**
 * Where the server package's built web assets (`dashboard`, `reference`) are: its `dist/<name>`,
 * which is `./dist/<name>` from this file's source and `../<name>` from the bundle in `dist/lib/`.
 *
 * @example assetsDir('dashboard') // '/…/server/dist/dashboard/'
 */
export function assetsDir(name: 'dashboard' | 'reference'): string {
  const compiled = import.meta.url.endsWith('.js');
  return fileURLToPath(new URL(compiled ? `../${name}/` : `./dist/${name}/`, import.meta.url));
}
