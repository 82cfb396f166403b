/**
 * Tokens a page hands to the next request: hidden form inputs (`<input type="hidden" name="csrf_token"
 * value="...">`) and meta tags (`<meta name="csrf-token" content="...">`). The extraction is a regular expression
 * that finds the tag by its name, whatever the attribute order the page uses.
 */
import type { Candidate } from './candidate.ts';
import { escapeRegex, isTokenName } from './values.ts';

const ATTR = (name: string): RegExp => new RegExp(`\\b${name}\\s*=\\s*(["'])(.*?)\\1`, 'is');

export function htmlCandidates(html: string): Candidate[] {
  const out: Candidate[] = [];
  for (const m of html.matchAll(/<input\b[^>]*>/gi)) {
    const tag = m[0];
    if (!/\btype\s*=\s*["']?hidden\b/i.test(tag)) continue;
    const c = fromTag(tag, 'input', 'name', 'value');
    if (c) out.push({ ...c, where: 'html-input', strong: true });
  }
  for (const m of html.matchAll(/<meta\b[^>]*>/gi)) {
    const tag = m[0];
    const c = fromTag(tag, 'meta', 'name', 'content');
    if (c && isTokenName(c.name)) out.push({ ...c, where: 'html-meta', strong: true });
  }
  return out;
}

/** The tag's name and value attributes, and a regex capturing the value of the tag with that name. */
function fromTag(
  tag: string,
  element: string,
  nameAttr: string,
  valueAttr: string,
): Omit<Candidate, 'where' | 'strong'> | undefined {
  const name = ATTR(nameAttr).exec(tag);
  const value = ATTR(valueAttr).exec(tag);
  if (!name || !value || name[2] === '' || value.index === undefined) return undefined;
  const nameText = `${nameAttr}=${name[1]}${escapeRegex(name[2]!)}${name[1]}`;
  const valueText = `${valueAttr}=${value[1]}([^${value[1]}]*)${value[1]}`;
  const regex =
    name.index < value.index
      ? `<${element}[^>]*\\b${nameText}[^>]*\\b${valueText}`
      : `<${element}[^>]*\\b${valueText}[^>]*\\b${nameText}`;
  return { value: decodeEntities(value[2]!), name: name[2]!, extractor: { regex }, hint: name[2]! };
}

/** Pages escape & < > " ' in attributes; the browser sends the decoded value. */
function decodeEntities(text: string): string {
  return text.replace(
    /&(amp|lt|gt|quot|#39|#x27);/g,
    (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" })[e] ?? _,
  );
}
