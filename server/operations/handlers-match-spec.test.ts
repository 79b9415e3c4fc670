import { describe, expect, it } from 'vitest';
import { buildOperationTable } from '../http/operation-table.ts';
import { loadSpec } from '../spec.ts';
import { operations } from './index.ts';

describe('operation handlers', () => {
  it('are exactly the operations of the spec, one handler per operationId', () => {
    const fromSpec = [...buildOperationTable(loadSpec().document).keys()].sort();
    expect(Object.keys(operations).sort()).toEqual(fromSpec);
  });
});
