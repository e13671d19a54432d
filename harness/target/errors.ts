/**
 * A failure that is the target's doing (refused or reset connection, timeout, oversized or
 * malformed response). Checks report it as a failure of the rule they verify; anything else that
 * is thrown is a harness error.
 */
export class TargetError extends Error {
  override name = 'TargetError';
  constructor(
    message: string,
    readonly code: 'unreachable' | 'timeout' | 'too-large' | 'malformed' | 'closed',
  ) {
    super(message);
  }
}

const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOENT', 'EHOSTUNREACH', 'ENOTFOUND', 'EACCES', 'ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);
const TIMEOUT = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT', 'ETIMEDOUT']);

/** Maps transport-level exceptions to TargetError; passes anything else through. */
export function asTargetError(err: unknown, what: string): unknown {
  if (err instanceof TargetError) return err;
  const e = err as { code?: string; name?: string; message?: string; cause?: { code?: string } };
  const code = e?.code ?? e?.cause?.code;
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError' || (code && TIMEOUT.has(code))) {
    return new TargetError(`${what}: timed out`, 'timeout');
  }
  if (code && UNREACHABLE.has(code)) return new TargetError(`${what}: ${code} (${e.message ?? ''})`, 'unreachable');
  // undici's HTTPParserError does not always carry an HPE_ code (a head that is not HTTP at all).
  if (code?.startsWith('HPE_') || code === 'UND_ERR_INFO' || e?.name === 'HTTPParserError') return new TargetError(`${what}: malformed HTTP (${e.message})`, 'malformed');
  return err;
}
