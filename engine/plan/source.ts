/**
 * Plan text -> plain value, keeping the YAML/JSON syntax tree so that any path in the document can be
 * turned back into line:column. JSON is parsed by the same YAML 1.2 parser (JSON is a subset of it).
 */
import { isAlias, isMap, isScalar, isSeq, LineCounter, parseDocument, Scalar, type Document, type Node } from 'yaml';
import { PlanError, type LocatableIssue, type PlanIssue, type SourcePosition } from './errors.ts';
import type { PathSegment } from './path.ts';

export interface PlanSource {
  readonly file: string | undefined;
  readonly value: unknown;
  /** Position of the value at `path` (or of its key when `key` is set); falls back to the nearest existing parent. */
  locate(path: readonly PathSegment[], opts?: { key?: boolean }): SourcePosition | undefined;
  /** Position of a character inside the string value at `path` (for template errors). */
  locateInString(path: readonly PathSegment[], offset: number): SourcePosition | undefined;
}

const MAX_ALIASES = 100; // refuses "billion laughs" documents
const MAX_SYNTAX_ERRORS = 2;

export function parsePlanSource(text: string, file?: string): PlanSource {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false, version: '1.2' });
  const pos = (offset: number): SourcePosition => {
    const p = lineCounter.linePos(offset);
    return { line: p.line, column: p.col };
  };
  if (doc.errors.length > 0) {
    // After the first syntax error the parser is lost; the rest are mostly echoes of it.
    const shown = doc.errors.slice(0, MAX_SYNTAX_ERRORS).map((e) => ({
      path: [],
      message: `syntax error: ${e.message.split('\n')[0]}`,
      position: pos(e.pos[0]),
    }));
    const more = doc.errors.length - shown.length;
    if (more > 0) shown.push({ path: [], message: `(${more} more syntax error${more === 1 ? '' : 's'} after these, probably caused by the first)`, position: pos(doc.errors[MAX_SYNTAX_ERRORS]!.pos[0]) });
    throw new PlanError(shown, file);
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: MAX_ALIASES });
  } catch (e) {
    throw new PlanError([{ path: [], message: `cannot read the document: ${(e as Error).message}` }], file);
  }
  return {
    file,
    value,
    locate(path, opts) {
      const found = walk(doc, path);
      const node = opts?.key && found.complete ? (found.keyNode ?? found.node) : found.node;
      return node?.range ? pos(node.range[0]) : undefined;
    },
    locateInString(path, offset) {
      const found = walk(doc, path);
      const node = found.node;
      if (!found.complete || !node?.range) return undefined;
      if (isScalar(node) && typeof node.value === 'string' && !node.value.slice(0, offset).includes('\n')) {
        const quoted = node.type === Scalar.QUOTE_DOUBLE || node.type === Scalar.QUOTE_SINGLE;
        const raw = text.slice(node.range[0], node.range[1]);
        // Escapes shift columns in quoted strings; only trust the offset when the raw text matches.
        const inner = quoted ? raw.slice(1) : raw;
        if (inner.startsWith(node.value.slice(0, offset))) return pos(node.range[0] + (quoted ? 1 : 0) + offset);
      }
      return pos(node.range[0]);
    },
  };
}

interface Found { node: Node | undefined; keyNode: Node | undefined; complete: boolean }

function walk(doc: Document, path: readonly PathSegment[]): Found {
  let node = doc.contents as Node | null | undefined;
  let keyNode: Node | undefined;
  for (const seg of path) {
    if (node && isAlias(node)) node = node.resolve(doc) as Node | undefined;
    if (!node) return { node: undefined, keyNode, complete: false };
    let next: Node | undefined;
    let nextKey: Node | undefined;
    if (isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === String(seg));
      if (pair) {
        nextKey = pair.key as Node;
        next = (pair.value as Node | null) ?? nextKey;
      }
    } else if (isSeq(node) && typeof seg === 'number') {
      next = node.items[seg] as Node | undefined;
    }
    if (!next) return { node, keyNode, complete: false };
    node = next;
    keyNode = nextKey;
  }
  return { node: node ?? undefined, keyNode, complete: true };
}

/** Fills in line:column from the source (when there is one); unknown-key issues point at the key. */
export function locateIssues(issues: readonly LocatableIssue[], source: PlanSource | undefined): PlanIssue[] {
  return issues.map(({ offset, atKey, ...i }) => ({
    ...i,
    position: i.position ?? (source === undefined ? undefined
      : offset !== undefined ? source.locateInString(i.path, offset) : source.locate(i.path, { key: atKey === true })),
  }));
}
