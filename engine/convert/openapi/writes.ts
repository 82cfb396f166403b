/**
 * Which operations change state, and in which order a plan that includes them runs them. DELETE, PUT and PATCH
 * always write; a POST writes unless it only reads (a search, a query, a login) and documents no 201/202. Writes are
 * left out of an import unless the user asks for them; then each tag's operations run as create, read, update,
 * delete, so what a plan changes is what it created first.
 */
import { isObj, type Obj } from './refs.ts';

/** One operation of the document, in document order. */
export interface Operation {
  path: string;
  method: string;
  op: Obj;
  /** Path-level parameters (shared by the path's operations). */
  pathParams: unknown[];
  where: string;
  tag: string | undefined;
}

export type Phase = 'create' | 'read' | 'update' | 'delete';

/** Words of a POST that only reads: `POST /search`, `queryItems`, `login`. */
const READS =
  /(^|[^a-z])(search|query|find|lookup|filter|count|validate|verify|check|preview|estimate|calculate|login|log-in|signin|sign-in|token)(s|es)?($|[^a-z])/i;

export function phaseOf(o: Operation): Phase {
  const m = o.method.toLowerCase();
  if (m === 'delete') return 'delete';
  if (m === 'put' || m === 'patch') return 'update';
  if (m !== 'post') return 'read';
  const codes = Object.keys(isObj(o.op.responses) ? o.op.responses : {});
  if (codes.includes('201')) return 'create';
  const name = [
    o.path
      .split('/')
      .filter((s) => s && !s.startsWith('{'))
      .at(-1) ?? '',
    o.op.operationId,
    o.op.summary,
  ]
    .filter((s) => typeof s === 'string')
    .join(' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2');
  // Other POSTs create, or act on what was created: either way after their parents (creates run shallow first).
  return !codes.includes('202') && READS.test(name) ? 'read' : 'create';
}

export const isWrite = (o: Operation): boolean => phaseOf(o) !== 'read';

const RANK: Record<Phase, number> = { create: 0, read: 1, update: 2, delete: 3 };
const depth = (path: string): number => path.split('/').filter(Boolean).length;

/**
 * Tags in the order they first appear; inside a tag, creates (shallow paths first, so a parent exists before its
 * children), reads, updates, deletes (deep paths first, children before their parent), each in document order.
 */
export function writeOrder(ops: readonly Operation[]): Operation[] {
  const tags = [...new Set(ops.map((o) => o.tag))];
  return ops
    .map((o, i) => ({ o, i, phase: phaseOf(o) }))
    .sort((a, b) => {
      const t = tags.indexOf(a.o.tag) - tags.indexOf(b.o.tag);
      if (t !== 0) return t;
      if (a.phase !== b.phase) return RANK[a.phase] - RANK[b.phase];
      if (a.phase === 'create') return depth(a.o.path) - depth(b.o.path) || a.i - b.i;
      if (a.phase === 'delete') return depth(b.o.path) - depth(a.o.path) || a.i - b.i;
      return a.i - b.i;
    })
    .map((x) => x.o);
}
