import type { CallResult, OperationCall } from './model/ports.ts';
import { JsonText, Reply } from './model/results.ts';
import { HeaderList } from './pipeline/header-list.ts';
import { type PipelineDeps, runPipeline } from './pipeline/run-pipeline.ts';
import type { OperationRouter } from './spec/operation-router.ts';

/**
 * Creates the entry for calls that are not HTTP requests of their own: the same pipeline as a
 * request (scopes, validation, problem codes and wording), with the acting caller given and its
 * quota already taken by the request that carries the call.
 *
 * @example await callOperation('getCourse', { caller, params: { courseId }, query: {}, body: undefined })
 */
export function createOperationCaller(router: OperationRouter, pipeline: PipelineDeps) {
  return async function callOperation(operationId: string, call: OperationCall): Promise<CallResult> {
    const route = router.byId(operationId);
    if (!route) throw new Error(`no operation '${operationId}' in the spec`);
    const outcome = await runPipeline(
      route,
      { headers: {}, actingCaller: call.caller, input: async () => call, idempotencyKey: undefined },
      pipeline,
      new HeaderList(call.requestId === undefined ? [] : ['X-Request-Id', call.requestId]),
    );
    if (outcome.kind === 'error') return { ok: false, error: outcome.error };
    if (outcome.kind !== 'result') throw new Error(`${operationId} is not an operation of its own`);
    const { result } = outcome;
    const data = result instanceof JsonText ? result.parse() : result instanceof Reply ? result.body : result;
    return { ok: true, data };
  };
}
