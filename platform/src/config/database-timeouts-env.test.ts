import { describe, expect, it } from 'vitest';
import { databaseEnv, parseEnv, requestDatabaseEnv } from './env-schema';

/** Decision 0061: the database's bounds as a process reads them at start. */
describe('the database timeouts in the environment', () => {
  const requestKind = { ...databaseEnv, ...requestDatabaseEnv };

  it('bounds every wait by default, and a request path statement with the client allowing the server to cancel first', () => {
    expect(parseEnv(requestKind, {})).toMatchObject({
      DATABASE_CONNECT_TIMEOUT_MS: 5_000,
      DATABASE_KEEPALIVE_MS: 10_000,
      DATABASE_STATEMENT_TIMEOUT_MS: 5_000,
      DATABASE_QUERY_TIMEOUT_MS: 7_000,
    });
  });

  it('refuses to start with a client bound no longer than the server one, naming the setting', () => {
    expect(() => parseEnv(requestKind, { DATABASE_STATEMENT_TIMEOUT_MS: '8000' })).toThrow(
      /DATABASE_QUERY_TIMEOUT_MS: must be longer than DATABASE_STATEMENT_TIMEOUT_MS/,
    );
    expect(() => parseEnv(requestKind, { DATABASE_STATEMENT_TIMEOUT_MS: '3000', DATABASE_QUERY_TIMEOUT_MS: '3000' })).toThrow(/DATABASE_QUERY_TIMEOUT_MS/);
    expect(parseEnv(requestKind, { DATABASE_STATEMENT_TIMEOUT_MS: '3000', DATABASE_QUERY_TIMEOUT_MS: '4000' }).DATABASE_QUERY_TIMEOUT_MS).toBe(4_000);
  });

  it('refuses a bound that is no bound or not a number', () => {
    expect(() => parseEnv(databaseEnv, { DATABASE_CONNECT_TIMEOUT_MS: '0' })).toThrow(/DATABASE_CONNECT_TIMEOUT_MS/);
    expect(() => parseEnv(requestKind, { DATABASE_STATEMENT_TIMEOUT_MS: '5s' })).toThrow(/DATABASE_STATEMENT_TIMEOUT_MS/);
  });
});
