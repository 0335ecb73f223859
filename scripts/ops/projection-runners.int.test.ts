import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlClient } from '../../events/store/postgres/sql-client';
import { availableSqlClients } from '../../events/store/testing/test-sql-clients';
import { runnerLockKey } from '../../projections/runtime/lock-keys';
import { findProjectionRunners } from './projection-runners';

describe.each(availableSqlClients())('findProjectionRunners on $name', (client) => {
  let sql: SqlClient;
  let other: SqlClient;

  beforeAll(async () => {
    sql = await client.open();
    other = await client.open();
  });
  afterAll(async () => {
    await other.close();
    await sql.close();
  });

  it('reports a projection whose runner lock is held as active, on a server only', async () => {
    const seen = await sql.withAdvisoryLock(await runnerLockKey(sql, 'users'), () => findProjectionRunners(sql, ['users', 'mailing-list']));
    expect(Object.fromEntries(seen!)).toEqual({ users: client.name === 'postgres' ? 'active' : 'none', 'mailing-list': 'none' });
    // The lock key carries the schema, so the same projection in another schema is not followed.
    const elsewhere = await sql.withAdvisoryLock(await runnerLockKey(sql, 'users'), () => findProjectionRunners(other, ['users']));
    expect(Object.fromEntries(elsewhere!)).toEqual({ users: 'none' });
    expect(Object.fromEntries(await findProjectionRunners(sql, ['users']))).toEqual({ users: 'none' });
  });
});
