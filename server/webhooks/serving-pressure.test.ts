import type Koa from 'koa';
import { describe, expect, it } from 'vitest';
import { servingPressure } from './serving-pressure.ts';

/** Keeps the event loop busy for `ms`, as a saturated server does. */
function spin(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `track` as Koa would for one request, held open until `release` is called. */
function requestInFlight(track: Koa.Middleware) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const done = track({} as Koa.Context, () => held);
  return { release, done };
}

describe('servingPressure', () => {
  it('is busy only while requests are in flight and the event loop has had no idle time', async () => {
    const pressure = servingPressure();
    spin(150);
    // Saturated, but nothing in flight: deliveries may take the whole loop.
    expect(pressure.busy()).toBe(false);

    const request = requestInFlight(pressure.track);
    spin(150);
    expect(pressure.busy()).toBe(true);

    // Requests in flight, but the loop mostly idle: not busy.
    await sleep(150);
    expect(pressure.busy()).toBe(false);

    request.release();
    await request.done;
    spin(150);
    expect(pressure.busy()).toBe(false);
  });

  it('counts a request that failed as answered', async () => {
    const pressure = servingPressure();
    await expect(
      pressure.track({} as Koa.Context, async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    spin(150);
    expect(pressure.busy()).toBe(false);
  });
});
