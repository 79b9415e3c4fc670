import { describe, expect, it } from 'vitest';
import { buildOperationTable } from '../spec/operation-table.ts';
import { openApiDocument } from '../spec/spec.gen.ts';
import { operations } from './index.ts';

describe('operation handlers', () => {
  it('are exactly the operations of the spec that no protocol of its own serves, one per operationId', () => {
    const fromSpec = [...buildOperationTable(openApiDocument).values()]
      .filter((info) => info.handledBy === undefined)
      .map((info) => info.operationId);
    expect(Object.keys(operations).sort()).toEqual(fromSpec.sort());
  });
});
