/**
 * Plan extractions -> statements saving values into the VU's `vars`, with Loadsmith's rules: first JSONPath
 * match (or all), a header, a regex group from the body, headers or URL, text between boundaries, a cookie the
 * response set; a miss keeps the default or unsets the variable. Nothing is extracted without a response.
 */
import type { Extractor } from '../../plan/schema/index.ts';
import { jsonPathSteps } from './jsonpath-js.ts';
import { str, type Script } from './script.ts';
import { valueJs } from './template-js.ts';

/** `missed`: a variable (an array) collecting the names of extractions that found nothing and have no default. */
export function extractLines(
  extract: Record<string, Extractor>,
  res: string,
  s: Script,
  where: string,
  missed?: string,
): string[] {
  const lines: string[] = [];
  for (const [name, x] of Object.entries(extract)) {
    const value = valueOf(x, res, s);
    if (value === undefined) {
      s.notes.add(
        'not-exported',
        where,
        `extraction ${name}: its JSONPath has filters or unions, which the script's jp() does not evaluate`,
      );
      lines.push(`// not exported: extraction of ${name}`);
      continue;
    }
    s.use('setVar');
    const fallback = x.default === undefined ? '' : `, ${valueJs(x.default, s)}`;
    const set = `setVar(${str(name)}, ${res}.status === 0 ? undefined : ${value}${fallback})`;
    lines.push(missed === undefined ? `${set};` : `if (!${set}) ${missed}.push(${str(name)});`);
  }
  return lines;
}

function valueOf(x: Extractor, res: string, s: Script): string | undefined {
  if ('jsonPath' in x) {
    const steps = jsonPathSteps(x.jsonPath);
    if (steps === undefined) return undefined;
    s.use('jp');
    return x.all ? `jp(${res}, ${steps})` : `jp(${res}, ${steps})[0]`;
  }
  if ('header' in x) {
    s.use('hdr');
    return `hdr(${res}, ${str(x.header)})`;
  }
  if ('regex' in x) {
    const from = x.from ?? 'body';
    if (from === 'headers') s.use('headersText');
    const text = from === 'body' ? `(${res}.body || '')` : from === 'headers' ? `headersText(${res})` : `${res}.url`;
    const hasGroups = new RegExp(`${x.regex}|`).exec('')!.length > 1;
    const group = x.group ?? (hasGroups ? 1 : 0);
    return `((m) => (m ? m[${group}] : undefined))(new RegExp(${str(x.regex)}).exec(${text}))`;
  }
  if ('boundary' in x) {
    s.use('between');
    if (x.from === 'headers') s.use('headersText');
    const text = x.from === 'headers' ? `headersText(${res})` : `(${res}.body || '')`;
    return `between(${text}, ${str(x.boundary.left)}, ${str(x.boundary.right)})`;
  }
  return `((c) => (c && c[0] ? c[0].value : undefined))(${res}.cookies[${str(x.cookie)}])`;
}
