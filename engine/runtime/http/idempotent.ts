/** Methods that may be pipelined, and retried when their connection closes before the response (RFC 9110 9.2.2). */
export const IDEMPOTENT: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE', 'PUT', 'DELETE']);
