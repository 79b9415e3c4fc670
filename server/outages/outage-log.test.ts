import { describe, expect, it } from 'vitest';
import { createOutageLog } from './outage-log.ts';

/** A logger that keeps what it is given, level and message, with the fields of each line. */
function recordingLogger() {
  const lines: { level: 'info' | 'warn'; msg: string; fields: Record<string, unknown> }[] = [];
  return {
    lines,
    messages: () => lines.map((line) => `${line.level} ${line.msg}`),
    info: (fields: object, msg = '') => lines.push({ level: 'info', msg, fields: { ...fields } }),
    warn: (fields: object, msg = '') => lines.push({ level: 'warn', msg, fields: { ...fields } }),
  };
}

const refused = new Error('connect ECONNREFUSED');

describe('outage log', () => {
  it('logs an outage once when it starts and once when it ends, with the calls that failed', () => {
    const logger = recordingLogger();
    const outage = createOutageLog(logger, 'postgres', 'requests answer 503');
    outage.failed(refused);
    outage.failed(refused);
    outage.failed(refused);
    expect(outage.down).toBe(true);
    outage.succeeded();
    outage.succeeded();
    expect(outage.down).toBe(false);
    expect(logger.messages()).toEqual([
      'warn postgres unavailable: requests answer 503',
      'info postgres recovered',
    ]);
    expect(logger.lines[0]?.fields).toMatchObject({ dependency: 'postgres', err: refused });
    expect(logger.lines[1]?.fields).toMatchObject({ dependency: 'postgres', failedCalls: 3 });
  });

  it('is not ended by a call that began before the outage and answered after it started', () => {
    const logger = recordingLogger();
    const outage = createOutageLog(logger, 'postgres', 'requests answer 503');
    const inFlight = outage.epoch;
    outage.failed(refused);
    outage.succeeded(inFlight);
    expect(outage.down).toBe(true);
    expect(logger.messages()).toEqual(['warn postgres unavailable: requests answer 503']);
  });

  it('is not reopened by a call that began before the recovery and failed after it', () => {
    const logger = recordingLogger();
    const outage = createOutageLog(logger, 'postgres', 'requests answer 503');
    outage.failed(refused);
    const stalled = outage.epoch;
    outage.succeeded();
    outage.failed(refused, stalled);
    expect(outage.down).toBe(false);
    expect(logger.messages()).toEqual([
      'warn postgres unavailable: requests answer 503',
      'info postgres recovered',
    ]);
  });

  it('opens a second outage for a call that began after the recovery', () => {
    const logger = recordingLogger();
    const outage = createOutageLog(logger, 'redis', 'limits from memory');
    outage.failed(refused);
    outage.succeeded();
    outage.failed(refused, outage.epoch);
    outage.succeeded();
    expect(logger.messages()).toEqual([
      'warn redis unavailable: limits from memory',
      'info redis recovered',
      'warn redis unavailable: limits from memory',
      'info redis recovered',
    ]);
    expect(logger.lines[3]?.fields).toMatchObject({ failedCalls: 1 });
  });
});
