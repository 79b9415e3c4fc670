/**
 * The webhook delivery engine, shared by the server and the mocks: it claims due deliveries from
 * the store, signs and posts them through a transport the adapter gives, and records each outcome.
 *
 * @example
 * const dispatcher = createWebhookDispatcher({ store, send, clock });
 * dispatcher.start();
 *
 * @module
 */

export * from './attempt-outcome.ts';
export * from './create-webhook-dispatcher.ts';
export * from './delivery-rules.ts';
