import type { RestOperationId } from '../spec.gen.ts';
import { apiKeyOperations } from './api-key-operations.ts';
import { courseOperations } from './course-operations.ts';
import type { OperationHandler } from './operation.ts';
import { serviceOperations } from './service-operations.ts';

/**
 * Every REST operation of the spec, by operationId: a missing one is a type error, and a test
 * checks that the set equals the spec's operations (MCP, `x-handled-by: mcp`, is `mcp-endpoint.ts`).
 *
 * @example operations.getHealth(input, context)
 */
export const operations: Readonly<Record<RestOperationId, OperationHandler>> = {
  ...courseOperations,
  ...apiKeyOperations,
  ...serviceOperations,
};
