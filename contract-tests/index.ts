/**
 * The contract suite's building blocks, for running the checks from other code: the spec index,
 * the response validator, and the targets.
 *
 * @example
 * import { createResponseValidator, loadContractSpec } from '@course-service/contract-tests';
 * const spec = loadContractSpec();
 * const problems = createResponseValidator(spec).validate(spec.find('GET', '/healthz'), snapshot);
 *
 * @module
 */
export { type Contract, createContract, type RawReply } from './contract.ts';
export { createContractFetch } from './contract-fetch.ts';
export { renderMatrix, unexercised } from './coverage.ts';
export { type ContractSpec, loadContractSpec, type SpecOperation } from './spec.ts';
export { type RemoteTargetOptions, remoteTarget } from './targets/remote-target.ts';
export { selectTarget } from './targets/select-target.ts';
export type { Target } from './targets/target.ts';
export { createResponseValidator, type ResponseSnapshot, type ResponseValidator } from './validator.ts';
