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

/**
 * SQLSTATE classes and codes that mean the database could not be reached or the connection went
 * away, not that the query was wrong: 08 (connection exception), 57P01-57P03 (terminated by an
 * administrator, crash shutdown, cannot connect now), 53300 (too many connections).
 */
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53300)$/;
/** Errors pg raises itself when the socket is gone (they carry no SQLSTATE). */
const CONNECTION_LOST =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed/i;
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);

/**
 * The database is unreachable right now (down, restarting, our connection terminated): the
 * request may succeed when tried again, so it is answered 503 rather than 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || NETWORK_CODES.has(code))) return true;
    if (typeof message === 'string' && CONNECTION_LOST.test(message)) return true;
  }
  return false;
}
