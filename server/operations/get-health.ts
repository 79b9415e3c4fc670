import { ApiError } from '../http/api-error.ts';
import type { OperationHandler } from './operation.ts';

/** `GET /healthz`: up, and the store takes writes. */
export const getHealth: OperationHandler = async (_input, { store, spec }) => {
  if (!store.isWritable()) throw new ApiError('internal_error', 'The store does not accept writes.');
  return { status: 'ok', version: spec.document.info.version };
};
