/** Postgres codes and driver errors that mean "the database cannot be reached right now". */
const UNAVAILABLE_CODES = new Set([
  '57P01', // admin_shutdown (terminated by an administrator)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
  '08000',
  '08001',
  '08003',
  '08004',
  '08006', // connection exceptions
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
]);

const UNAVAILABLE_TEXT =
  /Connection terminated|not currently accepting connections|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is not established|the database system is (starting up|shutting down)/i;

/** True when the error (or what it wraps) says the database is down or unreachable. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const e = error as {
    code?: unknown;
    message?: unknown;
    driverError?: unknown;
    originalError?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof e.code === 'string' && UNAVAILABLE_CODES.has(e.code)) return true;
  if (typeof e.message === 'string' && UNAVAILABLE_TEXT.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1))) return true;
  return (
    isDatabaseUnavailable(e.driverError, depth + 1) ||
    isDatabaseUnavailable(e.originalError, depth + 1) ||
    isDatabaseUnavailable(e.cause, depth + 1)
  );
}
