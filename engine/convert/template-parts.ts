/**
 * A plan template split into literal text and `${...}` expressions (parsed by the template parser), for exporters
 * that write templates in another language: shell variables for curl, JavaScript for k6.
 */
import type { Node } from '../template/ast.ts';
import { parseEmbedded } from '../template/parser.ts';

export type TemplatePart =
  { kind: 'text'; text: string } | { kind: 'expr'; node: Node; source: string; defaultText: string | undefined };

export function templateParts(source: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let text = '';
  let chunk = 0;
  let i = source.indexOf('$');
  while (i !== -1) {
    if (source.startsWith('$${', i)) {
      text += `${source.slice(chunk, i)}\${`;
      chunk = i + 3;
      i = source.indexOf('$', chunk);
    } else if (source[i + 1] === '{') {
      text += source.slice(chunk, i);
      if (text !== '') parts.push({ kind: 'text', text });
      text = '';
      const parsed = parseEmbedded(source, i);
      parts.push({
        kind: 'expr',
        node: parsed.node,
        source: source.slice(i, parsed.end),
        defaultText: parsed.defaultText,
      });
      chunk = parsed.end;
      i = source.indexOf('$', chunk);
    } else {
      i = source.indexOf('$', i + 1);
    }
  }
  text += source.slice(chunk);
  if (text !== '') parts.push({ kind: 'text', text });
  return parts;
}

/** An environment reference on its own (`${env.X}` or `${env.X:-default}`), else undefined. */
export function envRef(part: TemplatePart): { name: string; defaultText: string | undefined } | undefined {
  return part.kind === 'expr' && part.node.kind === 'env'
    ? { name: part.node.name, defaultText: part.defaultText }
    : undefined;
}

/** URL-encodes the literal parts of a template and keeps its `${...}` expressions as written. */
export function encodeTemplate(v: string): string {
  return templateParts(v)
    .map((p) => (p.kind === 'text' ? encodeURIComponent(p.text) : p.source))
    .join('');
}

/**
 * A template as one expression of the template language (`'Basic ' + env.TOKEN`), for places that need an
 * expression rather than text. Defaults (`:-`) cannot be nested and are dropped; undefined when there are some.
 */
export function templateExpression(v: string): string | undefined {
  const parts = templateParts(v);
  if (parts.some((p) => p.kind === 'expr' && p.defaultText !== undefined)) return undefined;
  const out = parts.map((p) =>
    p.kind === 'text' ? `'${p.text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'` : p.source.slice(2, -1),
  );
  return out.length === 0 ? "''" : out.join(' + ');
}
