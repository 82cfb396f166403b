/**
 * Plan templates and values as JavaScript for k6: `${...}` expressions become calls to the script's helpers
 * (variables, environment, data rows, the function table), text becomes template literals, and a string that is
 * exactly one expression keeps its value's type inside JSON bodies, as in Loadsmith.
 */
import type { Node } from '../../template/ast.ts';
import { templateParts } from '../template-parts.ts';
import type { Script } from './script.ts';

/** A template as a JS expression giving its text. */
export function textJs(source: string, s: Script): string {
  const parts = templateParts(source);
  if (parts.length === 0) return "''";
  if (parts.every((p) => p.kind === 'text'))
    return JSON.stringify(parts.map((p) => (p.kind === 'text' ? p.text : '')).join(''));
  let out = '`';
  for (const p of parts) {
    if (p.kind === 'text') out += p.text.replace(/[`\\]/g, '\\$&').replace(/\$\{/g, '\\${');
    else out += `\${${wrapText(partJs(p.node, p.defaultText, s), p.node, s)}}`;
  }
  return `${out}\``;
}

/** A template as a JS expression giving its value: one expression alone keeps its type. */
export function valueJs(value: unknown, s: Script): string {
  if (typeof value === 'string') {
    const parts = templateParts(value);
    const only = parts.length === 1 ? parts[0] : undefined;
    if (only?.kind === 'expr') return partJs(only.node, only.defaultText, s);
    return textJs(value, s);
  }
  if (Array.isArray(value)) return `[${value.map((v) => valueJs(v, s)).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    return `{ ${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}: ${valueJs(v, s)}`)
      .join(', ')} }`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** True when a value has no expression anywhere (it can be serialised when exporting). */
export function isConstant(value: unknown): boolean {
  if (typeof value === 'string') return templateParts(value).every((p) => p.kind === 'text');
  if (Array.isArray(value)) return value.every(isConstant);
  if (value !== null && typeof value === 'object') return Object.values(value).every(isConstant);
  return true;
}

/** The value of a constant template value (escapes `$${` resolved). */
export function constantValue(value: unknown): unknown {
  if (typeof value === 'string')
    return templateParts(value)
      .map((p) => (p.kind === 'text' ? p.text : ''))
      .join('');
  if (Array.isArray(value)) return value.map(constantValue);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, constantValue(v)]));
  return value;
}

function partJs(node: Node, fallback: string | undefined, s: Script): string {
  const expr = nodeJs(node, fallback !== undefined, s);
  if (fallback === undefined) return expr;
  s.use('dflt');
  return `dflt(${expr}, ${JSON.stringify(fallback)})`;
}

/** Numbers and text from builtins need no conversion in a template literal; anything else goes through txt(). */
function wrapText(js: string, node: Node, s: Script): string {
  if (node.kind === 'builtin' || node.kind === 'literal') return js;
  s.use('txt');
  return `txt(${js})`;
}

function nodeJs(n: Node, lenient: boolean, s: Script): string {
  switch (n.kind) {
    case 'literal':
      return JSON.stringify(n.value);
    case 'builtin':
      s.exec = true;
      return n.name === 'vu'
        ? 'exec.vu.idInTest'
        : n.name === 'iter'
          ? 'exec.vu.iterationInScenario'
          : 'exec.scenario.name';
    case 'var':
      if (lenient) return `vars[${JSON.stringify(n.name)}]`;
      s.use('v');
      return `v(${JSON.stringify(n.name)})`;
    case 'env':
      if (lenient) return `__ENV[${JSON.stringify(n.name)}]`;
      s.use('env');
      return `env(${JSON.stringify(n.name)})`;
    case 'data':
      s.use('d');
      return `d(${JSON.stringify(n.feeder)}${n.column !== undefined ? `, ${JSON.stringify(n.column)}` : ''})`;
    case 'member': {
      s.use('mem');
      const key = typeof n.key === 'object' ? nodeJs(n.key, lenient, s) : JSON.stringify(n.key);
      return `mem(${nodeJs(n.object, lenient, s)}, ${key})`;
    }
    case 'call':
      s.use('fn');
      if (n.name === 'base64' || n.name === 'base64Decode') s.encoding = true;
      // isSet() reads its argument leniently, as in Loadsmith: a missing value is an answer, not an error.
      return `fn.${n.name}(${n.args.map((a) => nodeJs(a, lenient || n.name === 'isSet', s)).join(', ')})`;
    case 'neg':
      s.use('num');
      return `-num(${nodeJs(n.operand, lenient, s)})`;
    case 'not':
      return `!(${nodeJs(n.operand, lenient, s)})`;
    case 'binary': {
      const a = nodeJs(n.left, lenient, s);
      const b = nodeJs(n.right, lenient, s);
      if (n.op === '+') {
        s.use('add');
        return `add(${a}, ${b})`;
      }
      if (n.op === '&&' || n.op === '||') return `(!!(${a}) ${n.op} !!(${b}))`;
      if (n.op === '==' || n.op === '!=') {
        s.use('eq');
        return `${n.op === '!=' ? '!' : ''}eq(${a}, ${b})`;
      }
      if (n.op === '<' || n.op === '<=' || n.op === '>' || n.op === '>=') {
        s.use('ord');
        return `(ord(${a}, ${b}) ${n.op} 0)`;
      }
      s.use('num');
      return `(num(${a}) ${n.op} num(${b}))`;
    }
  }
}
