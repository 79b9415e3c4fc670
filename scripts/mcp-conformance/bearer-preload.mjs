// Loaded into the conformance suite's process with `--import`: the suite has no header option, so
// this adds the credential to every request it sends to the server under test. The suite sends
// through `fetch` and undici's `request` (both go through undici's global dispatcher) and through
// `node:http` (for header cases fetch would normalise).
import http from 'node:http';
import { createRequire } from 'node:module';

const target = new URL(process.env.MCP_CONFORMANCE_URL ?? 'http://invalid');
const bearer = process.env.MCP_CONFORMANCE_BEARER ?? '';

/** undici as the suite resolves it; `undefined` (and nothing patched) when not loaded into the suite. */
function undici() {
  if (!/conformance/.test(process.argv[1] ?? '')) return undefined;
  try {
    return createRequire(process.argv[1])('undici');
  } catch {
    return undefined;
  }
}

/** `headers` (an object, a flat array or nothing) with the bearer added unless one is there. */
function withBearer(headers) {
  if (Array.isArray(headers)) {
    const names = headers.filter((_, i) => i % 2 === 0).map((name) => String(name).toLowerCase());
    return names.includes('authorization') ? headers : [...headers, 'authorization', `Bearer ${bearer}`];
  }
  const entries = Object.entries(headers ?? {});
  if (entries.some(([name]) => name.toLowerCase() === 'authorization')) return headers;
  return { ...Object.fromEntries(entries), authorization: `Bearer ${bearer}` };
}

const found = undici();
found?.setGlobalDispatcher(
  new found.Agent().compose((dispatch) => (options, handler) => {
    const origin = String(options.origin ?? '');
    const ours = origin.replace(/\/$/, '') === target.origin;
    return dispatch(ours ? { ...options, headers: withBearer(options.headers) } : options, handler);
  }),
);

if (found) {
  const request = http.request;
  http.request = function requestWithBearer(options, ...rest) {
    const ours =
      typeof options === 'object' &&
      !(options instanceof URL) &&
      `http://${options.hostname}:${options.port}` === target.origin;
    return request.call(this, ours ? { ...options, headers: withBearer(options.headers) } : options, ...rest);
  };
}
