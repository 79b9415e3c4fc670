export { openSqljsStore as openStore } from './sqljs/open-sqljs-store.ts';
