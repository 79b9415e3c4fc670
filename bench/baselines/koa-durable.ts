// Child process: the bare Koa app of koa.ts, but a create is answered only once the created course
// is on disk, as our server's journal makes it (durable-koa.ts). The ceiling issue 24 names for our
// durable create.
import { serveDurableKoa } from './durable-koa.ts';

await serveDurableKoa();
