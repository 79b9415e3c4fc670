/**
 * Lets a call hand out its `Response` as soon as the headers of a success arrive, while the
 * generated client, which reads the body, waits until the data is asked for. `fetch` is the
 * call's fetch; `release()` lets the body be read; `response(outcome)` resolves with the success's
 * `Response` at once, or with the outcome's (a `304`), or rejects with its typed error.
 *
 * @example
 * const held = holdBody(retryingFetch);
 * const outcome = getCourse({ client, fetch: held.fetch, path: { courseId } });
 * const response = await held.response(outcome); // the body is still unread
 */
export function holdBody(fetchFn: typeof fetch) {
  let release!: () => void;
  const wanted = new Promise<void>((resolve) => {
    release = resolve;
  });
  let arrived!: (response: Response) => void;
  const early = new Promise<Response>((resolve) => {
    arrived = resolve;
  });
  const held: typeof fetch = async (input, init) => {
    const response = await fetchFn(input, init);
    if (!response.ok) return response;
    arrived(response);
    await wanted;
    return response;
  };
  return {
    fetch: held,
    release,
    response: (outcome: Promise<{ response: Response }>) =>
      Promise.race([early, outcome.then(({ response }) => response)]),
  };
}
