import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { DATABASE_UNAVAILABLE } from '../errors';
import { testConfig } from '../../test/support/test-app';
import { startTestIssuer } from '../../test/support/test-issuer';
import { STATEMENT_TIMEOUT_MS, type ConnectOptions } from './connect';
import {
  TEST_DATABASE_URL,
  createPostgresTestDatabase,
  isPostgresReachable,
} from '../../test/support/test-databases';

// A PostgreSQL restart, without restarting the machine's shared PostgreSQL: the app reaches it
// through a TCP relay that the test cuts (every connection dropped, new ones refused) and brings
// back on the same port; and its backends are killed with pg_terminate_backend. Meanwhile
// requests answer 503 `{ error }`, afterwards they work again, and the process never goes down
// (an unhandled pool 'error' event would crash the test worker).

const pgAvailable = await isPostgresReachable();

interface Relay {
  url: string;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

async function startRelay(target: URL): Promise<Relay> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('relay has no port');
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(address.port);
  const cut = async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await closed;
  };
  return {
    url: url.toString(),
    cut,
    restore: () => listen(address.port),
    close: cut,
  };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The full app on a throwaway schema reached through `url`, with a route that reads a table. */
async function appOn(
  url: string,
  options: Omit<ConnectOptions, 'searchPath'> = {},
): Promise<FastifyInstance> {
  const issuer = await startTestIssuer();
  cleanups.push(() => issuer.close());
  // The test routes are protected as every unlisted route is: a bearer token, checked without the database.
  auth = { authorization: `Bearer ${await issuer.sign()}` };
  const storage = await createPostgresTestDatabase(url, options);
  cleanups.push(() => storage.dispose());
  const app = await buildApp(testConfig({ issuerUrl: issuer.url }), { db: storage.db });
  cleanups.push(() => app.close());
  app.get('/api/test/users', async () => {
    const rows = await storage.db
      .selectFrom('users')
      .select(sql<string>`count(*)`.as('n'))
      .execute();
    return { users: Number(rows[0]?.n ?? -1) };
  });
  app.get('/api/test/statement-timeout', async () => {
    const result = await sql<{ statement_timeout: string }>`show statement_timeout`.execute(storage.db);
    return result.rows[0];
  });
  return app;
}

let auth: Record<string, string> = {};

describe.skipIf(!pgAvailable)('PostgreSQL outage', () => {
  it('answers 503 { error } while the database is gone and recovers when it is back', async () => {
    const relay = await startRelay(new URL(TEST_DATABASE_URL));
    cleanups.push(() => relay.close());
    const app = await appOn(relay.url);
    const users = () => app.inject({ method: 'GET', headers: auth, url: '/api/test/users' });
    expect((await users()).json()).toEqual({ users: 0 });

    await relay.cut(); // the "restart" begins: pooled connections die, new ones are refused
    const during = await users();
    expect(during.statusCode).toBe(503);
    expect(during.json()).toEqual({ error: DATABASE_UNAVAILABLE });
    expect(during.headers['retry-after']).toBe('5');
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ database: 'error' });

    await relay.restore();
    const after = await users();
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ users: 0 });
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({
      database: 'ok',
    });
  });

  it('survives pg_terminate_backend of its pooled connections and carries on', async () => {
    const name = `outage_${Date.now().toString(36)}_${process.pid}`;
    const lost: Error[] = [];
    const app = await appOn(TEST_DATABASE_URL, {
      applicationName: name,
      onConnectionError: (error) => lost.push(error),
    });
    const users = () => app.inject({ method: 'GET', headers: auth, url: '/api/test/users' });
    expect((await users()).statusCode).toBe(200); // leaves an idle connection in the pool

    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    try {
      // Two steps on purpose: in one statement the planner may call pg_terminate_backend before
      // the name filter, and kill every connection of the shared server.
      const ours = await admin.query<{ pid: number }>(
        'select pid from pg_stat_activity where application_name = $1 and pid <> pg_backend_pid()',
        [name],
      );
      const pids = ours.rows.map((row) => row.pid);
      expect(pids.length).toBeGreaterThan(0);
      await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [pids]);
    } finally {
      await admin.end();
    }
    // The pool's listener took the idle connection's error (unheard, it would end the process).
    await expect.poll(() => lost.length).toBeGreaterThan(0);
    expect(lost[0]?.message).toMatch(/terminat/i);
    const after = await users();
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ users: 0 });
  });

  it('has the server cancel statements after 10 s', async () => {
    const app = await appOn(TEST_DATABASE_URL);
    const answer = await app.inject({ method: 'GET', headers: auth, url: '/api/test/statement-timeout' });
    expect(answer.json()).toEqual({ statement_timeout: `${STATEMENT_TIMEOUT_MS / 1000}s` });
  });
});
