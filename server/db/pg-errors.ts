/** Whether a database error, or one it wraps (drizzle wraps the driver's), has this SQLSTATE. */
function hasSqlState(error: unknown, state: string): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === state) return true;
  }
  return false;
}

/** A unique-constraint violation. */
export function isUniqueViolation(error: unknown): boolean {
  return hasSqlState(error, '23505');
}

/** A foreign-key violation: the row referred to was deleted meanwhile (e.g. by account deletion). */
export function isForeignKeyViolation(error: unknown): boolean {
  return hasSqlState(error, '23503');
}
