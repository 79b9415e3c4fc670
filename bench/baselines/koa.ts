// Child process: a bare Koa app (one middleware, no router or body parser) answering the
// benchmark's requests with our server's exact bodies (see fixtures.ts).
import { baselineAnswers } from './fixtures.ts';
import { bareKoaApp, serveKoa } from './koa-app.ts';

serveKoa(bareKoaApp(baselineAnswers()));
