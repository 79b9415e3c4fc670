// `prepack` of each package: the repository's LICENSE goes into the package folder (ignored by git),
// so every tarball carries the licence text it names.
import { copyFileSync } from 'node:fs';

copyFileSync(new URL('../LICENSE', import.meta.url), 'LICENSE');
