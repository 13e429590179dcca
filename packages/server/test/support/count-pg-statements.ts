// An instrument preloaded into a server process (`node --import tsx --import <this> --expose-gc`)
// by same-minute-fleet.ts: it counts every statement the process sends to PostgreSQL (each
// pg Client.query: Kysely's statements, BEGIN and COMMIT included) and, on SIGUSR2, collects the
// garbage and writes `{statements, heapUsed, rss, cpuMs}` to STATEMENT_COUNT_FILE. The server's code is
// untouched: what it would send in production is what is counted.
import { writeFileSync } from 'node:fs';
import pg from 'pg';

const file = process.env.STATEMENT_COUNT_FILE;
if (file !== undefined && file !== '') {
  let statements = 0;
  const original: unknown = Reflect.get(pg.Client.prototype, 'query');
  if (typeof original !== 'function') throw new Error('pg.Client has no query method');
  Object.defineProperty(pg.Client.prototype, 'query', {
    configurable: true,
    writable: true,
    value: function countedQuery(this: pg.Client, ...args: unknown[]): unknown {
      statements += 1;
      return Reflect.apply(original, this, args) as unknown;
    },
  });
  process.on('SIGUSR2', () => {
    globalThis.gc?.();
    const { heapUsed, rss } = process.memoryUsage();
    const { user, system } = process.cpuUsage();
    writeFileSync(file, JSON.stringify({ statements, heapUsed, rss, cpuMs: (user + system) / 1000 }));
  });
}
