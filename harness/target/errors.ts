/**
 * A failure that is the target's doing (refused or reset connection, timeout, oversized or
 * malformed response). Checks report it as a failure of the rule they verify; anything else that
 * is thrown is a harness error.
 */
export class TargetError extends Error {
  override name = 'TargetError';
  constructor(
    message: string,
    readonly code: TargetErrorCode,
  ) {
    super(message);
  }
}

export type TargetErrorCode = 'unreachable' | 'timeout' | 'too-large' | 'malformed' | 'closed';

const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOENT', 'EHOSTUNREACH', 'ENOTFOUND', 'EACCES']);
const TIMEOUT = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT', 'ETIMEDOUT']);

/** Transport failures that only a misbehaving target causes, each with the problem it names. */
const NAMED: Record<string, { code: TargetErrorCode; problem: string }> = {
  UND_ERR_HEADERS_OVERFLOW: { code: 'too-large', problem: 'the response head is larger than a client accepts (header flood)' },
  UND_ERR_RES_CONTENT_LENGTH_MISMATCH: { code: 'malformed', problem: 'the response body disagrees with its Content-Length' },
  UND_ERR_RES_EXCEEDED_MAX_SIZE: { code: 'too-large', problem: 'the response body exceeds the size cap' },
  UND_ERR_SOCKET: { code: 'closed', problem: 'the target closed the connection before the response was complete' },
  ECONNRESET: { code: 'closed', problem: 'the target reset the connection' },
  EPIPE: { code: 'closed', problem: 'the target closed the connection while the request was being sent' },
  HPE_INVALID_CHUNK_SIZE: { code: 'malformed', problem: 'malformed chunked encoding (a chunk size that is not hexadecimal)' },
  HPE_STRICT: { code: 'malformed', problem: 'malformed chunked encoding (a chunk not ended by CRLF)' },
  HPE_INVALID_CONTENT_LENGTH: { code: 'malformed', problem: 'an invalid Content-Length header' },
  HPE_UNEXPECTED_CONTENT_LENGTH: { code: 'malformed', problem: 'both Content-Length and Transfer-Encoding: chunked' },
  HPE_HEADER_OVERFLOW: { code: 'too-large', problem: 'the response head is larger than a client accepts (header flood)' },
};

/** Maps transport-level exceptions to TargetError; passes anything else through. */
export function asTargetError(err: unknown, what: string): unknown {
  if (err instanceof TargetError) return err;
  const e = err as { code?: string; name?: string; message?: string; cause?: { code?: string }; data?: unknown };
  const code = e?.code ?? e?.cause?.code;
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError' || (code && TIMEOUT.has(code))) {
    return new TargetError(`${what}: timed out`, 'timeout');
  }
  const named = code === undefined ? undefined : NAMED[code];
  if (named) return new TargetError(`${what}: ${named.problem} (${code}: ${e.message ?? ''})`, named.code);
  if (code && UNREACHABLE.has(code)) return new TargetError(`${what}: ${code} (${e.message ?? ''})`, 'unreachable');
  // undici's HTTPParserError does not always carry an HPE_ code (a head that is not HTTP at all).
  if (code?.startsWith('HPE_') || code === 'UND_ERR_INFO' || e?.name === 'HTTPParserError')
    return new TargetError(`${what}: malformed HTTP (${e.message})${sentBytes(e.data)}`, 'malformed');
  return err;
}

/** How many of the bytes a parser could not read are quoted. */
const QUOTED_BYTES = 60;

/** The bytes the HTTP parser stopped at (undici's HTTPParserError keeps them as `data`), quoted. */
function sentBytes(data: unknown): string {
  if (typeof data !== 'string' || !data) return '';
  const shown = JSON.stringify(data.slice(0, QUOTED_BYTES));
  return `; it sent ${shown}${data.length > QUOTED_BYTES ? '…' : ''}`;
}
