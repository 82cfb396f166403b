/**
 * A parsed YAML document -> plain value, in one pass that is linear in the document's size. It replaces the
 * yaml library's toJS() and its uniqueKeys option, which are quadratic (duplicate keys are searched item by item,
 * every alias searches the whole document for its anchor) and whose alias limit names no place in the file.
 * Recursion follows the text's nesting, which tooDeepAt() has bounded; aliases are not re-entered.
 */
import { own } from './own-string.ts';
import {
  isAlias,
  isMap,
  isScalar,
  isSeq,
  type Alias,
  type Document,
  type Node,
  type YAMLMap,
  type YAMLSeq,
} from 'yaml';
import type { PlanIssue, SourcePosition } from './errors.ts';
import { MAX_ALIASED_VALUES, MAX_DEPTH } from './limits.ts';
import type { PathSegment } from './path.ts';

export interface YamlValue {
  value: unknown;
  /** The node each alias repeats (so that paths through an alias can be placed in the file). */
  aliasTargets: ReadonlyMap<Alias, Node>;
  /** Duplicate keys, keys that are not text, and the alias problem that stopped the conversion. */
  issues: PlanIssue[];
}

/** A key as the plan's value has it: `~: x` (null) is the empty key, as in the yaml library. */
export function keyText(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

/** The message for a plan nested deeper than MAX_DEPTH, wherever it is found. */
export function tooDeepMessage(): string {
  return (
    `mappings and lists are nested more than ${MAX_DEPTH} levels deep here, the limit for plans: ` +
    'flatten the structure (a large JSON body can be sent from a file with request.file)'
  );
}

/** Nodes made: 1 per scalar or collection, aliases counting what they repeat; height: nested collections. */
interface Converted {
  value: unknown;
  size: number;
  height: number;
}

class Stop extends Error {}

export function yamlValue(doc: Document, pos: (offset: number) => SourcePosition): YamlValue {
  const anchors = new Map<string, Node>();
  const converted = new Map<Node, Converted>();
  const open = new Set<Node>();
  const aliasTargets = new Map<Alias, Node>();
  const issues: PlanIssue[] = [];
  let aliased = 0;
  /** Path of the value being converted (pushed and popped, copied only into an issue). */
  const path: PathSegment[] = [];
  const at = (node: Node | null | undefined): SourcePosition => pos(node?.range?.[0] ?? 0);
  const problem = (node: Node | null, message: string): void => {
    issues.push({ path: [...path], message, position: at(node) });
  };
  const stop = (node: Node, message: string, where: PathSegment[] = [...path]): never => {
    issues.push({ path: where, message, position: at(node) });
    throw new Stop();
  };

  function alias(node: Alias, depth: number): Converted {
    const target = anchors.get(node.source);
    if (!target)
      return stop(node, `alias *${node.source} has no anchor &${node.source} before it: define the anchor first`);
    const done = converted.get(target);
    if (!done || open.has(target))
      return stop(
        node,
        `alias *${node.source} is inside the value it repeats (&${node.source}): that value would never end`,
      );
    aliased += done.size;
    if (aliased > MAX_ALIASED_VALUES) {
      stop(
        node,
        `aliases repeat more than ${MAX_ALIASED_VALUES.toLocaleString('en-US')} values in this plan (each *name copies its anchor's value): ` +
          'write the repeated part once, in defaults or a variable',
      );
    }
    if (depth + done.height > MAX_DEPTH) stop(node, `through alias *${node.source}, ${tooDeepMessage()}`);
    aliasTargets.set(node, target);
    return done;
  }

  function map(node: YAMLMap, depth: number): Converted {
    const value: Record<string, unknown> = {};
    const seen = new Map<string, Node>();
    let size = 1;
    let height = 0;
    for (const pair of node.items) {
      // `? : x` has no key node: place its problems at the value, or the mapping.
      const keyNode = pair.key as Node | null;
      const keyAt = keyNode ?? (pair.value as Node | null) ?? node;
      const key = keyNode === null ? { value: null, size: 1, height: 0 } : convert(keyNode, depth + 1);
      if (key.value !== null && typeof key.value === 'object') {
        problem(keyAt, 'a key must be text, not a list or a mapping');
        continue;
      }
      const name = keyText(key.value);
      path.push(name);
      const first = seen.get(name);
      if (first !== undefined) {
        const p = at(first);
        problem(
          keyAt,
          `duplicate key '${name}' (first at line ${p.line}:${p.column}): keys must be unique in a mapping`,
        );
      } else seen.set(name, keyAt);
      const item = pair.value === null ? { value: null, size: 1, height: 0 } : convert(pair.value as Node, depth + 1);
      path.pop();
      size += item.size;
      if (item.height > height) height = item.height;
      // Inherited names (__proto__, constructor) become own properties instead of touching the prototype.
      if (name in value)
        Object.defineProperty(value, name, { value: item.value, writable: true, enumerable: true, configurable: true });
      else value[name] = item.value;
    }
    return { value, size, height: height + 1 };
  }

  function seq(node: YAMLSeq, depth: number): Converted {
    const value: unknown[] = [];
    let size = 1;
    let height = 0;
    for (const child of node.items) {
      path.push(value.length);
      const item = child === null ? { value: null, size: 1, height: 0 } : convert(child as Node, depth + 1);
      path.pop();
      value.push(item.value);
      size += item.size;
      if (item.height > height) height = item.height;
    }
    return { value, size, height: height + 1 };
  }

  function convert(node: Node, depth: number): Converted {
    if (isAlias(node)) return alias(node, depth);
    const anchor = node.anchor;
    if (anchor !== undefined) {
      anchors.set(anchor, node);
      open.add(node);
    }
    let out: Converted;
    // The parser's guard counts collections in its token tree; a pair inside a flow list ([a: 1]) adds a mapping.
    // The path would be MAX_DEPTH segments long: the position says where.
    if ((isMap(node) || isSeq(node)) && depth >= MAX_DEPTH) stop(node, tooDeepMessage(), []);
    if (isMap(node)) out = map(node, depth);
    else if (isSeq(node)) out = seq(node, depth);
    else if (isScalar(node))
      out = { value: typeof node.value === 'bigint' ? Number(node.value) : own(node.value), size: 1, height: 0 };
    else out = { value: null, size: 1, height: 0 };
    if (anchor !== undefined) {
      converted.set(node, out);
      open.delete(node);
    }
    return out;
  }

  let value: unknown = null;
  try {
    const root = doc.contents as Node | null;
    if (root !== null) value = convert(root, 0).value;
  } catch (e) {
    if (!(e instanceof Stop)) throw e;
  }
  return { value, aliasTargets, issues };
}
