import pg from 'pg';

/**
 * Waits until `waiting` requests of the app wait on a lock (behind `holder`'s open transaction, or behind a request
 * that is), or until `settled()` says they ended first; answers which. It watches PostgreSQL's own view from a
 * connection of its own (inside a transaction that view stays as it was at its first look), and never sleeps.
 */
export async function waitUntilBlocked(
  databaseUrl: string,
  holder: pg.Client,
  settled: () => boolean,
  waiting = 1,
): Promise<boolean> {
  const pid = (await holder.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
  const watcher = new pg.Client({ connectionString: databaseUrl });
  await watcher.connect();
  try {
    for (;;) {
      if (settled()) return false;
      const { rows } = await watcher.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity a
          where a.wait_event_type = 'Lock' and cardinality(pg_blocking_pids(a.pid)) > 0
            and a.datname = current_database() and a.pid <> $1`,
        [pid],
      );
      if (rows[0]!.n >= waiting) return true;
      await new Promise((r) => setImmediate(r));
    }
  } finally {
    await watcher.end();
  }
}

/** A client of its own on `databaseUrl` with an open transaction, to hold locks as another request would. */
export async function holdingClient(databaseUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('begin');
  return client;
}
