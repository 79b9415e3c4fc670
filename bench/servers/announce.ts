/**
 * Prints a child server's URL as one JSON line on stdout (the parent waits for it), then closes
 * the server and exits on SIGTERM or SIGINT. Exiting through `process.exit` lets `--cpu-prof`
 * write its profile.
 */
export function announce(url: string, close: () => Promise<void>): void {
  process.stdout.write(`${JSON.stringify({ url, pid: process.pid })}\n`);
  let closing = false;
  const stop = (): void => {
    if (closing) return;
    closing = true;
    // A server that does not close in time must not keep the benchmark waiting.
    setTimeout(() => process.exit(1), 10_000).unref();
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
