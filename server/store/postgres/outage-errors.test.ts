import { describe, expect, it } from 'vitest';
import { isPostgresOutage } from './outage-errors.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('which PostgreSQL errors are outages', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset connection', withCode('read ECONNRESET', 'ECONNRESET')],
    ['a refusal on every address', new AggregateError([withCode('refused', 'ECONNREFUSED')], 'all failed')],
    ['a connection that ended', new Error('Connection terminated unexpectedly')],
    [
      'a connection that could not be made in time',
      new Error('Connection terminated due to connection timeout'),
    ],
    ['an exhausted pool', new Error('timeout exceeded when trying to connect')],
    ['a query that timed out', new Error('Query read timeout')],
    ['a client broken earlier', new Error('Client has encountered a connection error and is not queryable')],
    ['an administrator shutdown', withCode('terminating connection due to administrator command', '57P01')],
    ['a database starting up', withCode('the database system is starting up', '57P03')],
    ['too many connections', withCode('sorry, too many clients already', '53300')],
    ['a connection failure', withCode('connection failure', '08006')],
  ])('%s is one', (_name, error) => {
    expect(isPostgresOutage(error)).toBe(true);
  });

  it.each([
    ['a syntax error (a bug of ours)', withCode('syntax error at or near "SELEC"', '42601')],
    ['a unique violation (a lost race)', withCode('duplicate key value violates unique constraint', '23505')],
    ['a type error', new TypeError("Cannot read properties of undefined (reading 'rows')")],
    ['NUL in text', withCode('invalid byte sequence for encoding "UTF8": 0x00', '22021')],
    ['not an error at all', 'Connection terminated'],
  ])('%s is not', (_name, error) => {
    expect(isPostgresOutage(error)).toBe(false);
  });
});
