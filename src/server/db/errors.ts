/** A write broke a unique constraint: the caller decides which 409 message fits. */
export class ConflictError extends Error {
  override name = 'ConflictError';
}

/** A write pointed at a row that does not exist (foreign key). */
export class MissingReferenceError extends Error {
  override name = 'MissingReferenceError';
}

/**
 * The database refused a value it cannot hold (SQLSTATE class 22: out of range, bad encoding,
 * malformed text for its type). Input is validated at the edge so this should not happen; if a route
 * lets such a value through, the caller still gets a 400, not a 500.
 */
export class InvalidValueError extends Error {
  override name = 'InvalidValueError';
}

/**
 * The database could not be reached or dropped the connection (a restart, a failover, a pooler or
 * network blip). The request in flight fails with a 503; the pool opens new connections for the next.
 */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

function driverCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  const code = error.code;
  return typeof code === 'string' ? code : undefined;
}

/** SQLSTATE classes and codes of a lost connection, and the socket errors of an unreachable server. */
const CONNECTION_LOST_CODES = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, a fast shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or in recovery
  '53300', // too_many_connections
  '57014', // query_canceled: the statement timeout ran out, the database is too slow to answer
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
]);
/** pg reports a socket that closed under it by message only. */
const CONNECTION_LOST_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error',
  'timeout exceeded when trying to connect',
];

export function isConnectionLost(error: unknown): boolean {
  const code = driverCode(error);
  if (code !== undefined && (CONNECTION_LOST_CODES.has(code) || code.startsWith('08'))) return true;
  const message = error instanceof Error ? error.message : '';
  return CONNECTION_LOST_MESSAGES.some((known) => message.startsWith(known));
}

/**
 * Turns the two drivers' constraint and connection errors into typed errors; anything else passes
 * through.
 */
export function translateDbError(error: unknown): unknown {
  const code = driverCode(error);
  const message = error instanceof Error ? error.message : String(error);
  // 40001 / 40P01: a transaction lost a race (serialization) or a deadlock with a concurrent one.
  if (
    code === '23505' ||
    code === '40001' ||
    code === '40P01' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  ) {
    return new ConflictError(message, { cause: error });
  }
  if (code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY') {
    return new MissingReferenceError(message, { cause: error });
  }
  if (isConnectionLost(error)) return new DatabaseUnavailableError(message, { cause: error });
  if (code !== undefined && /^22[0-9A-Z]{3}$/.test(code))
    return new InvalidValueError(message, { cause: error });
  return error;
}

/** Runs a write and rethrows constraint violations as ConflictError / MissingReferenceError. */
export async function withConstraintErrors<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw translateDbError(error);
  }
}
