/**
 * The contract suite's building blocks, for running the checks from other code: the spec index,
 * the response validator, the targets, the request model the generated checks (and a fuzzer)
 * build requests from, and the spec diff behind `course-contract diff`.
 *
 * @example
 * import { createResponseValidator, loadContractSpec } from '@course-service/contract-tests';
 * const spec = loadContractSpec();
 * const problems = createResponseValidator(spec).validate(spec.find('GET', '/healthz'), snapshot);
 *
 * @module
 */

// Running the checks
export { type Contract, createContract, type RawReply } from './contract.ts';
export { createContractFetch } from './contract-fetch.ts';
export { renderMatrix, unexercised } from './coverage.ts';
// Comparing two versions of a spec
export type { Change } from './diff/change.ts';
export { diffSpecs } from './diff/diff-specs.ts';
export { type ChangeGroup, describeGroup, groupChanges } from './diff/group-changes.ts';
export { readSpecSource, type SpecSource } from './diff/spec-source.ts';
// The request side of the spec: what it takes to build valid and invalid requests
export {
  type CredentialKind,
  type OperationShape,
  operationShapes,
  type ParameterShape,
} from './operation-shapes.ts';
export { resolveSchema } from './resolve-schema.ts';
export { requestSchemaCheck, type SchemaCheck } from './schema-check.ts';
export { type ContractSpec, loadContractSpec, type SpecOperation } from './spec.ts';
// Targets
export { type RemoteTargetOptions, remoteTarget } from './targets/remote-target.ts';
export { selectTarget } from './targets/select-target.ts';
export type { Target } from './targets/target.ts';
export { createResponseValidator, type ResponseSnapshot, type ResponseValidator } from './validator.ts';
