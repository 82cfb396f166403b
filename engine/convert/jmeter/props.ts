/**
 * Reading JMeter properties: `<stringProp name="HTTPSampler.domain">`, `boolProp`, `intProp`, `longProp`,
 * `elementProp` (a nested element, e.g. the sampler's Arguments) and `collectionProp` (a list of elementProps).
 */
import { attrsOf, childrenOf, tagOf, textOf, type XmlNode } from './xml.ts';

const SCALAR = new Set(['stringProp', 'boolProp', 'intProp', 'longProp', 'doubleProp', 'floatProp']);

/** A property's text by name among `props`, or undefined. */
export function prop(props: readonly XmlNode[], name: string): string | undefined {
  const n = props.find((p) => SCALAR.has(tagOf(p) ?? '') && attrsOf(p).name === name);
  return n === undefined ? undefined : textOf(n);
}

export function boolProp(props: readonly XmlNode[], name: string, fallback = false): boolean {
  const v = prop(props, name);
  return v === undefined ? fallback : v.trim() === 'true';
}

export function numProp(props: readonly XmlNode[], name: string): number | undefined {
  const v = prop(props, name)?.trim();
  return v === undefined || v === '' || !/^-?\d+(\.\d+)?$/.test(v) ? undefined : Number(v);
}

/** The properties inside an `elementProp` of that name. */
export function elementProp(props: readonly XmlNode[], name: string): XmlNode[] | undefined {
  const n = props.find((p) => tagOf(p) === 'elementProp' && attrsOf(p).name === name);
  return n === undefined ? undefined : childrenOf(n);
}

/** The items of a `collectionProp` of that name: each elementProp's properties (or a plain stringProp's text). */
export function collection(props: readonly XmlNode[], name: string): XmlNode[][] {
  const n = props.find((p) => tagOf(p) === 'collectionProp' && attrsOf(p).name === name);
  return n === undefined
    ? []
    : childrenOf(n)
        .filter((c) => tagOf(c) !== undefined)
        .map((c) => (tagOf(c) === 'elementProp' ? childrenOf(c) : [c]));
}

/** The texts of a collectionProp of plain string properties (an assertion's test strings). */
export function strings(props: readonly XmlNode[], name: string): string[] {
  const n = props.find((p) => tagOf(p) === 'collectionProp' && attrsOf(p).name === name);
  return n === undefined
    ? []
    : childrenOf(n)
        .filter((c) => SCALAR.has(tagOf(c) ?? ''))
        .map(textOf);
}

/** Arguments (name/value pairs) of an Arguments element, as in User Defined Variables and sampler parameters. */
export function argumentsOf(props: readonly XmlNode[] | undefined): { name: string; value: string; encode: boolean }[] {
  if (!props) return [];
  return collection(props, 'Arguments.arguments').map((a) => ({
    name: prop(a, 'Argument.name') ?? '',
    value: prop(a, 'Argument.value') ?? '',
    encode: boolProp(a, 'HTTPArgument.always_encode'),
  }));
}
