/**
 * Plan text -> plain value, keeping the YAML/JSON syntax tree so that any path in the document can be
 * turned back into line:column. JSON is parsed by the same YAML 1.2 parser (JSON is a subset of it).
 */
import {
  Composer,
  isAlias,
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  Scalar,
  type Alias,
  type CST,
  type Document,
  type Node,
  type Pair,
  type YAMLMap,
} from 'yaml';
import { PlanError, type LocatableIssue, type PlanIssue, type SourcePosition } from './errors.ts';
import { formatBytes, MAX_DEPTH, MAX_PLAN_BYTES } from './limits.ts';
import type { PathSegment } from './path.ts';
import { readBlockYaml } from './block-yaml.ts';
import { parseCst } from './yaml-depth.ts';
import { keyText, tooDeepMessage, yamlValue, type YamlValue } from './yaml-value.ts';

export interface PlanSource {
  readonly file: string | undefined;
  readonly value: unknown;
  /** Position of the value at `path` (or of its key when `key` is set); falls back to the nearest existing parent. */
  locate(path: readonly PathSegment[], opts?: { key?: boolean }): SourcePosition;
  /** Position of a character inside the string value at `path` (for template errors); else of the nearest node. */
  locateInString(path: readonly PathSegment[], offset: number): SourcePosition;
}

const MAX_SYNTAX_ERRORS = 2;

export function parsePlanSource(text: string, file?: string): PlanSource {
  const fail = (issues: PlanIssue[]): never => {
    throw new PlanError(issues, file);
  };
  if (text.length > MAX_PLAN_BYTES) {
    fail([
      {
        path: [],
        position: positionAt(text, MAX_PLAN_BYTES),
        message:
          `the plan is larger than ${formatBytes(MAX_PLAN_BYTES)}, the limit for plans: ` +
          'split it into several plans, or move large bodies into files (request.file) and rows into data files (data:)',
      },
    ]);
  }
  const lineCounter = new LineCounter();
  const pos = (offset: number): SourcePosition => {
    const p = lineCounter.linePos(offset);
    return { line: p.line, column: p.col };
  };
  // Most plans are plain block-style YAML: read at once, without the parser's syntax tree and document (which
  // hold 60-100 times the text, ~340 MB for a 4 MB recording). Those are made only to place an error, if one is.
  const fast = readBlockYaml(text);
  if (fast !== undefined) {
    let counted = false;
    const located = (offset: number): SourcePosition => {
      if (!counted) {
        counted = true;
        lineCounter.addNewLine(0);
        for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lineCounter.addNewLine(i + 1);
      }
      return pos(offset);
    };
    return sourceOf(text, file, fast.value, located, undefined);
  }
  const cst = parseCst(text, MAX_DEPTH, lineCounter.addNewLine);
  if ('tooDeepAt' in cst) fail([{ path: [], position: pos(cst.tooDeepAt), message: tooDeepMessage() }]);
  const { tokens } = cst as { tokens: CST.Token[] };
  const { doc, second } = composeOne(tokens, text.length);
  const syntax = doc.errors.map((e) => ({ message: `syntax error: ${e.message.split('\n')[0]}`, offset: e.pos[0] }));
  if (second !== undefined)
    syntax.push({ message: 'a plan is one YAML document: remove the second one, which starts here', offset: second });
  if (syntax.length > 0) {
    // After the first syntax error the parser is lost; the rest are mostly echoes of it.
    const shown: PlanIssue[] = syntax
      .slice(0, MAX_SYNTAX_ERRORS)
      .map((e) => ({ path: [], message: e.message, position: pos(e.offset) }));
    const more = syntax.slice(MAX_SYNTAX_ERRORS);
    if (more[0])
      shown.push({
        path: [],
        message: `(${more.length} more syntax error${more.length === 1 ? '' : 's'} after these, probably caused by the first)`,
        position: pos(more[0].offset),
      });
    fail(shown);
  }
  const { value, aliasTargets, issues } = yamlValue(doc, pos);
  if (issues.length > 0) fail(issues);
  return sourceOf(text, file, value, pos, walker(doc, aliasTargets));
}

/**
 * The source of `text`, whose value is `value`, and `first` its syntax tree's walker when there is one already.
 * The syntax tree only points errors at line:column, yet whoever keeps the source keeps it: a run, for as long as
 * it goes (~16 MB for a 10,000-step plan). Held weakly it lives through the validation that parsed it (a WeakRef's
 * target lives until the end of the job that made it) and is parsed again, rarely, when an error is located later.
 * The parsed value is held the same way: the validation that reads it makes its own copy, and a run keeps that.
 */
function sourceOf(
  text: string,
  file: string | undefined,
  value: unknown,
  pos: (offset: number) => SourcePosition,
  first: ((path: readonly PathSegment[]) => Found) | undefined,
): PlanSource {
  let tree = first === undefined ? undefined : new WeakRef(first);
  let parsed = held(value);
  const again = (): { doc: Document.Parsed } & YamlValue => {
    const d = composeOne((parseCst(text, MAX_DEPTH, () => {}) as { tokens: CST.Token[] }).tokens, text.length).doc;
    return { doc: d, ...yamlValue(d, pos) };
  };
  const walk = (path: readonly PathSegment[]): Found => {
    let w = tree?.deref();
    if (!w) {
      const a = again();
      w = walker(a.doc, a.aliasTargets);
      tree = new WeakRef(w);
    }
    return w(path);
  };
  return {
    file,
    get value() {
      let v = parsed.deref();
      if (v === undefined) {
        v = readBlockYaml(text)?.value ?? again().value;
        parsed = held(v);
      }
      return v;
    },
    locate(path, opts) {
      const found = walk(path);
      const node = opts?.key && found.complete ? (found.keyNode ?? found.node) : found.node;
      return pos(node?.range?.[0] ?? 0);
    },
    locateInString(path, offset) {
      const found = walk(path);
      const node = found.node;
      if (!found.complete || !node?.range) return pos(node?.range?.[0] ?? 0);
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

/**
 * A value held weakly when it is an object (a scalar plan is kept as it is). Made outside parsePlanSource: a closure
 * there would keep the value in that function's context, strongly.
 */
function held(value: unknown): { deref(): unknown } {
  return typeof value === 'object' && value !== null ? new WeakRef(value) : { deref: () => value };
}

/** The first document of the stream, as yaml's parseDocument() composes it, and where a second one starts. */
function composeOne(tokens: CST.Token[], length: number): { doc: Document.Parsed; second: number | undefined } {
  const composer = new Composer({ version: '1.2', schema: 'core', uniqueKeys: false });
  let doc: Document.Parsed | undefined;
  let second: number | undefined;
  for (const next of composer.compose(tokens, true, length)) {
    if (doc) {
      second = next.range[0];
      break;
    }
    doc = next;
  }
  // compose(tokens, true) always yields at least one document, an empty one for an empty text.
  return { doc: doc as Document.Parsed, second };
}

/** 1-based line:column of `offset`, for a text not given to the parser. */
function positionAt(text: string, offset: number): SourcePosition {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

interface Found {
  node: Node | undefined;
  keyNode: Node | undefined;
  complete: boolean;
}

/** Follows a path through the document's nodes; keys are looked up in an index built per mapping on first use. */
function walker(doc: Document, aliasTargets: ReadonlyMap<Alias, Node>): (path: readonly PathSegment[]) => Found {
  const indexes = new WeakMap<YAMLMap, Map<string, Pair>>();
  const pairOf = (map: YAMLMap, key: string): Pair | undefined => {
    let index = indexes.get(map);
    if (!index) {
      index = new Map();
      for (const p of map.items)
        if (isScalar(p.key) && !index.has(keyText(p.key.value))) index.set(keyText(p.key.value), p);
      indexes.set(map, index);
    }
    return index.get(key);
  };
  return (path) => {
    let node = doc.contents as Node | null | undefined;
    let keyNode: Node | undefined;
    for (const seg of path) {
      if (node && isAlias(node)) node = aliasTargets.get(node);
      if (!node) return { node: undefined, keyNode, complete: false };
      let next: Node | undefined;
      let nextKey: Node | undefined;
      if (isMap(node)) {
        const pair = pairOf(node, String(seg));
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
  };
}

/** Fills in line:column from the source (when there is one); unknown-key issues point at the key. */
export function locateIssues(issues: readonly LocatableIssue[], source: PlanSource | undefined): PlanIssue[] {
  return issues.map(({ offset, atKey, ...i }) => ({
    ...i,
    position:
      i.position ??
      (source === undefined
        ? undefined
        : offset !== undefined
          ? source.locateInString(i.path, offset)
          : source.locate(i.path, { key: atKey === true })),
  }));
}
