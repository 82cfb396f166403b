/**
 * The validator's issues (document paths) placed in the YAML text the user sees, which may carry their own
 * formatting and comments. Same walk as engine/plan/source.ts, but returning ranges for editor markers.
 */
import { isAlias, isMap, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import type { Path } from '../core/doc-path.ts';
import type { TextProblem } from './problems.ts';

/** An issue as useDesigner().issues carries it; `atKey` is honoured when the validator passes it on. */
export interface PathIssue {
  path: Path;
  message: string;
  atKey?: boolean;
}

/** Messages about a key itself (its name), not its value: underline the key. */
const KEY_MESSAGE = /^(unknown key|invalid name)\b/;

/** Locates every issue in `text`; an issue whose path is missing from the text points at its nearest parent. */
export function locateIssues(text: string, issues: readonly PathIssue[]): TextProblem[] {
  if (issues.length === 0) return [];
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, version: '1.2' });
  return issues.map((issue) => {
    const [start, end] = issueRange(doc, text, issue);
    const from = lines.linePos(start);
    const to = lines.linePos(Math.max(end, start + 1));
    return {
      message: issue.message,
      severity: 'error',
      source: 'plan',
      path: issue.path,
      line: from.line,
      column: from.col,
      endLine: to.line,
      endColumn: to.col,
    };
  });
}

/** Character offsets [start, end) to underline for one issue. */
export function issueRange(doc: Document, text: string, issue: PathIssue): [number, number] {
  const found = walk(doc, issue.path);
  const atKey = issue.atKey === true || KEY_MESSAGE.test(issue.message);
  // A missing value (required key absent) is reported at its parent: underline the parent's key, one line.
  const node = found.keyNode && (!found.complete || atKey || !isScalar(found.node)) ? found.keyNode : found.node;
  const range = node?.range;
  if (!range) return [0, lineEnd(text, 0)];
  if (isScalar(node)) return [range[0], Math.max(range[1], range[0] + 1)];
  // A whole mapping or list would underline many lines: its first line says enough.
  return [range[0], Math.min(range[1], lineEnd(text, range[0]))];
}

interface Found {
  node: Node | undefined;
  keyNode: Node | undefined;
  complete: boolean;
}

function walk(doc: Document, path: Path): Found {
  let node = (doc.contents ?? undefined) as Node | undefined;
  let keyNode: Node | undefined;
  for (const seg of path) {
    if (node && isAlias(node)) node = node.resolve(doc) as Node | undefined;
    let next: Node | undefined;
    let nextKey: Node | undefined;
    if (node && isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === String(seg));
      if (pair) {
        nextKey = pair.key as Node;
        next = (pair.value as Node | null) ?? nextKey;
      }
    } else if (node && isSeq(node) && typeof seg === 'number') {
      next = node.items[seg] as Node | undefined;
    }
    if (!next) return { node, keyNode, complete: false };
    node = next;
    keyNode = nextKey;
  }
  return { node, keyNode, complete: true };
}

function lineEnd(text: string, from: number): number {
  const nl = text.indexOf('\n', from);
  return nl === -1 ? text.length : nl;
}
