import { type OperationHandler, ownerOf } from '../operation-helpers/operation.ts';

/**
 * `DELETE /api/v1/test-data`: deletes every test course of the ID token's account. The store
 * query names the `test` environment itself, so production rows cannot be reached from here.
 */
export const resetTestData: OperationHandler = async ({ caller }, { store }) => {
  const deletedCourses = await store.deleteAllCourses({ ownerId: ownerOf(caller), environment: 'test' });
  return { environment: 'test', deletedCourses };
};
