/**
 * A .jmx file -> a tree of test elements. JMeter saves each element followed by a `<hashTree>` holding its children;
 * this pairs them. Parsed safely: JMeter never writes a DOCTYPE, so one (and with it every entity definition and
 * external fetch) is refused, as are files over MAX_JMX_BYTES and elements nested deeper than MAX_JMX_DEPTH.
 * fast-xml-parser fetches nothing and runs nothing; it is given no DOCTYPE to expand.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ConvertError } from '../types.ts';

export const MAX_JMX_BYTES = 20 * 1024 * 1024;
export const MAX_JMX_DEPTH = 200;

/** One element of the test plan: its tag (`HTTPSamplerProxy`), attributes (`testname`, `enabled`), properties and children. */
export interface JmxElement {
  tag: string;
  name: string;
  enabled: boolean;
  /** The element's own XML: properties (`stringProp`, `elementProp`...). */
  props: XmlNode[];
  /** The elements of its hashTree. */
  children: JmxElement[];
  /** Test names from the test plan down, for notes: `Test Plan › Users › Login`. */
  path: string[];
}

/** fast-xml-parser's ordered output: `{ tag: children, ':@': attributes }` or `{ '#text': text }`. */
export type XmlNode = Record<string, unknown>;

export function parseJmx(text: string, label: string): JmxElement {
  if (text.length > MAX_JMX_BYTES)
    throw new ConvertError(
      `${label}: ${text.length} bytes is over the ${MAX_JMX_BYTES / 1024 / 1024} MB a .jmx file may have here`,
    );
  const doctype = /<!DOCTYPE|<!ENTITY/i.exec(text);
  if (doctype)
    throw new ConvertError(
      `${label}:${lineOf(text, doctype.index)}: a DOCTYPE or entity definition, which JMeter never writes: refused (it could make the parser read other files)`,
    );
  const valid = XMLValidator.validate(text);
  if (valid !== true)
    throw new ConvertError(`${label}:${valid.err.line}:${valid.err.col}: not valid XML: ${valid.err.msg}`);
  // Each element is two XML levels (itself and its hashTree), plus a few for its properties.
  const parser = new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: '',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
    processEntities: true,
    htmlEntities: false,
    maxNestedTags: 2 * MAX_JMX_DEPTH + 10,
  });
  let doc: XmlNode[];
  try {
    doc = parser.parse(text) as XmlNode[];
  } catch (e) {
    throw new ConvertError(
      `${label}: ${/nested/i.test(String(e)) ? `elements nested more than ${MAX_JMX_DEPTH} levels deep: refused` : `cannot read the XML: ${e instanceof Error ? e.message : String(e)}`}`,
    );
  }
  const root = doc.find((n) => tagOf(n) === 'jmeterTestPlan');
  if (!root)
    throw new ConvertError(
      `${label}: not a JMeter test plan (no <jmeterTestPlan> element): save it from JMeter as .jmx`,
    );
  const top = childrenOf(root).find((n) => tagOf(n) === 'hashTree');
  const elements = top ? pairs(top, [], 1) : [];
  const plan = elements.find((e) => e.tag === 'TestPlan');
  if (!plan) throw new ConvertError(`${label}: the file has no TestPlan element: save it from JMeter as .jmx`);
  return plan;
}

/** The elements of a hashTree, each with the hashTree that follows it as its children. */
function pairs(hashTree: XmlNode, path: string[], depth: number): JmxElement[] {
  if (depth > MAX_JMX_DEPTH)
    throw new ConvertError(`${path.join(' › ')}: elements nested more than ${MAX_JMX_DEPTH} levels deep: refused`);
  const out: JmxElement[] = [];
  const nodes = childrenOf(hashTree).filter((n) => tagOf(n) !== undefined);
  for (let i = 0; i < nodes.length; i++) {
    const n = nodes[i]!;
    const tag = tagOf(n)!;
    if (tag === 'hashTree') continue;
    const a = attrsOf(n);
    const name = a.testname ?? tag;
    const next = nodes[i + 1];
    const own = [...path, name];
    const children = next !== undefined && tagOf(next) === 'hashTree' ? pairs(next, own, depth + 1) : [];
    out.push({ tag, name, enabled: a.enabled !== 'false', props: childrenOf(n), children, path: own });
  }
  return out;
}

export function tagOf(n: XmlNode): string | undefined {
  return Object.keys(n).find((k) => k !== ':@' && k !== '#text');
}

export function childrenOf(n: XmlNode): XmlNode[] {
  const tag = tagOf(n);
  const v = tag === undefined ? undefined : n[tag];
  return Array.isArray(v) ? (v as XmlNode[]) : [];
}

export function attrsOf(n: XmlNode): Record<string, string> {
  return (n[':@'] as Record<string, string> | undefined) ?? {};
}

/** The text inside an element (`<stringProp>text</stringProp>`). */
export function textOf(n: XmlNode): string {
  return childrenOf(n)
    .map((c) => (typeof c['#text'] === 'string' || typeof c['#text'] === 'number' ? String(c['#text']) : ''))
    .join('');
}

function lineOf(text: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}
