// Errors that mean "the database cannot be reached right now" (restarting, down, overloaded, a
// connection killed, a statement timed out), as opposed to a bug: answered 503, not 500.

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
]);
// PostgreSQL SQLSTATEs: 57P01-03 shutdown/crash/cannot connect now, 57014 statement timeout,
// 53300 too many connections; class 08 is "connection exception".
const POSTGRES_CODES = new Set(['57P01', '57P02', '57P03', '57014', '53300']);
const SQLITE_CODES = new Set(['SQLITE_BUSY', 'SQLITE_LOCKED']);
// node-postgres reports its own connection failures by message only.
const PG_MESSAGES =
  /Connection terminated|not queryable|timeout exceeded when trying to connect|Query read timeout|terminating connection/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
  return (
    NETWORK_CODES.has(code) ||
    POSTGRES_CODES.has(code) ||
    code.startsWith('08') ||
    SQLITE_CODES.has(code) ||
    PG_MESSAGES.test(error.message)
  );
}
