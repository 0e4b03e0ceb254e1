import { describe, expect, it } from 'vitest';
import { isTransientError } from './transient-error';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('transient errors', () => {
  it('counts connection, resource and operator SQLSTATE classes and lost races as transient', () => {
    for (const code of ['08006', '08001', '08P01', '53300', '53100', '57P01', '57014', '40001', '40P01']) {
      expect(isTransientError(withCode(code)), code).toBe(true);
    }
  });

  it('counts a schema the code expects and the database lacks as transient: every event would fail alike', () => {
    // undefined table, column and function (a migration not yet run, or rolled back)
    for (const code of ['42P01', '42703', '42883']) {
      expect(isTransientError(withCode(code)), code).toBe(true);
    }
  });

  it('treats every other SQLSTATE as a fault of what was applied', () => {
    // numeric overflow, invalid text for a type, unique violation, not-null violation, syntax error,
    // datatype mismatch, integrity-constraint class 40 other than the two races, internal error
    for (const code of ['22003', '22P02', '23505', '23502', '42601', '42804', '40002', '40003', 'XX000']) {
      expect(isTransientError(withCode(code)), code).toBe(false);
    }
  });

  it('recognises node-pg connection failures that carry no code, and socket errors', () => {
    expect(isTransientError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isTransientError(new Error('Connection terminated'))).toBe(true);
    expect(isTransientError(new Error('Client has encountered a connection error and is not queryable'))).toBe(true);
    expect(isTransientError(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isTransientError(withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'))).toBe(true);
    expect(isTransientError(new Error('Connection terminated due to connection timeout', { cause: withCode('ETIMEDOUT') }))).toBe(true);
  });

  it('does not count ordinary errors, or things that are not errors, as transient', () => {
    expect(isTransientError(new Error('[DecimalError] Invalid argument: abc'))).toBe(false);
    expect(isTransientError(new TypeError("Cannot read properties of undefined (reading 'status')"))).toBe(false);
    expect(isTransientError(new Error('The connection to the bank was refused by the order'))).toBe(false);
    expect(isTransientError(withCode('invalid_transition'))).toBe(false);
    expect(isTransientError('Connection terminated')).toBe(false);
    expect(isTransientError(undefined)).toBe(false);
  });
});
