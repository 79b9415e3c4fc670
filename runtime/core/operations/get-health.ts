import { Reply } from '../model/results.ts';
import type { OperationHandler } from '../operation-helpers/operation.ts';

/** `GET /healthz`: each dependency checked now; 503 when one is down, naming it. */
export const getHealth: OperationHandler = async (_input, { health, spec }) => {
  const names = Object.keys(health);
  const results = await Promise.all(names.map((name) => health[name]?.()));
  const checks = Object.fromEntries(names.map((name, i) => [name, results[i]]));
  const up = results.every((result) => result?.status === 'up');
  const body = { status: up ? 'ok' : 'unavailable', version: spec.document.info.version, checks };
  return up ? body : new Reply(503, body);
};
