/** A write broke a unique constraint: the caller decides which 409 message fits. */
export class ConflictError extends Error {
  override name = 'ConflictError';
}

/** A write pointed at a row that does not exist (foreign key). */
export class MissingReferenceError extends Error {
  override name = 'MissingReferenceError';
}

function driverCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  const code = error.code;
  return typeof code === 'string' ? code : undefined;
}

/** Turns the two drivers' constraint errors into one typed error; anything else passes through. */
export function translateDbError(error: unknown): unknown {
  const code = driverCode(error);
  const message = error instanceof Error ? error.message : String(error);
  // 40001: a serializable transaction lost a race with a concurrent one.
  if (
    code === '23505' ||
    code === '40001' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  ) {
    return new ConflictError(message, { cause: error });
  }
  if (code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY') {
    return new MissingReferenceError(message, { cause: error });
  }
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
