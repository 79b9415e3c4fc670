// What an operation may return besides a plain value: one place, so the pipeline and the operations
// share the types without importing each other.

/** An answer that needs a status or headers of its own, rather than the operation's usual 2xx. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}

/**
 * A response body already serialised as JSON, for hot reads whose parts are cached as text.
 * `parse()` gives the data for callers that need it as values (the MCP tools). With an `etag`
 * the dispatcher sends `ETag` and answers a matching `If-None-Match` with `304`.
 */
export class JsonText {
  constructor(
    readonly text: string,
    readonly etag?: string,
  ) {}

  parse(): unknown {
    return JSON.parse(this.text);
  }
}
