/** Methods that may be pipelined, and retried when their connection closes before the response (RFC 9110 9.2.2). */
export const IDEMPOTENT: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE', 'PUT', 'DELETE']);

/** A request that may be written behind others on a connection, or have others written behind it (RFC 9112 9.3.2). */
export function pipelinable(x: { readonly spec: { readonly method: string; readonly keepAlive: boolean } }): boolean {
  return x.spec.keepAlive && IDEMPOTENT.has(x.spec.method);
}
