import { describe, expect, it } from 'vitest';
import { buildOperationRouter } from './operation-router.ts';
import { buildOperationTable } from './operation-table.ts';
import { openApiDocument as document } from './spec.gen.ts';
import { createSpecBackend } from './spec-backend.ts';

async function router() {
  const backend = await createSpecBackend(document);
  const table = buildOperationTable(document);
  return { backend, table, router: buildOperationRouter(backend, table) };
}

const compiled = (backend: Awaited<ReturnType<typeof router>>['backend']) =>
  Object.keys((backend.validator as unknown as { requestValidators: object }).requestValidators).length;

describe('the operation router', () => {
  it('validates an operation whose validators were never compiled, compiling them then', async () => {
    const { backend, router: r } = await router();
    expect(compiled(backend)).toBe(0);
    const found = r.match('GET', '/api/v1/courses');
    if (!found) throw new Error('listCourses is not routed');
    const errors = found.route.validate({ path: {}, query: { limit: 'many' }, header: {}, cookie: {} });
    expect(errors?.[0]?.instancePath).toBe('/query/limit');
    expect(compiled(backend)).toBe(1);
  });

  it('compiles every operation in the background, and stops when told', async () => {
    const { backend, table, router: r } = await router();
    await r.compileInBackground();
    const all = compiled(backend);
    expect(all).toBe(table.size);
    expect(r.byId('getCourse')?.info.path).toBe('/api/v1/courses/{courseId}');
    expect(r.match('DELETE', '/api/v1/courses/crs_%41')?.params).toEqual({ courseId: 'crs_A' });
    expect(r.allowedMethods('/api/v1/courses/')).toEqual(['GET', 'HEAD', 'POST']);
    expect(r.match('HEAD', '/api/v1/courses')?.route.info.operationId).toBe('listCourses');
    expect(r.allowedMethods('/nowhere')).toBeUndefined();

    const { backend: other, router: stopped } = await router();
    const running = stopped.compileInBackground();
    stopped.stop();
    await running;
    expect(compiled(other)).toBeLessThan(all);
  });
});
