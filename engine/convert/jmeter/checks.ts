/**
 * What JMeter attaches to samplers -> what a plan request carries: Response Assertions and Duration Assertions ->
 * checks; Regular Expression, JSON and Boundary extractors -> extractions; timers -> think times. What a plan
 * cannot express is a note naming the element and where it is.
 */
import type { Check, Extractor, Step } from '../../plan/schema/index.ts';
import type { Notes } from '../draft.ts';
import { numProp, prop, strings } from './props.ts';
import { jmeterText, varName, type TextScope } from './text.ts';
import type { JmxElement } from './xml.ts';

/** A think time as a step holds it. */
export type Think = Extract<Step, { think: unknown }>['think'];

const where = (e: JmxElement): string => e.path.join(' › ');

// Response Assertion test types (JMeter's ResponseAssertion bit flags).
const MATCH = 1,
  CONTAINS = 2,
  NOT = 4,
  EQUALS = 8,
  SUBSTRING = 16,
  OR = 32;

export function assertionChecks(e: JmxElement, scope: TextScope): Check[] {
  const notes = scope.notes;
  if (e.tag === 'DurationAssertion') {
    const ms = numProp(e.props, 'DurationAssertion.duration');
    if (ms === undefined) {
      notes.add('not-imported', where(e), 'a Duration Assertion without a number of milliseconds');
      return [];
    }
    return [{ duration: { lte: `${ms}ms` } }];
  }
  const field = prop(e.props, 'Assertion.test_field') ?? 'Assertion.response_data';
  const type = numProp(e.props, 'Assertion.test_type') ?? SUBSTRING;
  // JMeter's own property name is misspelt "Asserion".
  const tests = strings(e.props, 'Asserion.test_strings');
  const not = (type & NOT) !== 0;
  const or = (type & OR) !== 0;
  const fail = (why: string): Check[] => {
    notes.add('not-imported', where(e), `Response Assertion: ${why}`);
    return [];
  };
  if (tests.length === 0) return fail('no patterns to test');
  if (field === 'Assertion.response_code') {
    const codes = tests.map((t) => t.trim());
    if (not || !codes.every((c) => /^[1-5]\d\d$/.test(c)) || (!or && codes.length > 1))
      return fail(
        `response code ${not ? 'NOT ' : ''}${codes.join(or ? ' or ' : ' and ')}: a status check takes one status or a list of them`,
      );
    const nums = codes.map(Number);
    return [{ status: nums.length === 1 ? nums[0]! : nums }];
  }
  const text = (t: string): string => jmeterText(t, scope, where(e));
  if (field === 'Assertion.response_data' || field === 'Assertion.response_data_as_document') {
    if (field.endsWith('document'))
      notes.add(
        'approximated',
        where(e),
        'Response Assertion on the document (Tika text): checked against the raw body',
      );
    if (or) {
      const alt = tests.map((t) => ((type & (SUBSTRING | EQUALS)) !== 0 ? escapeRegex(t) : `(?:${t})`)).join('|');
      return [
        {
          body: not
            ? { matches: `^(?![\\s\\S]*(?:${alt}))` }
            : { matches: (type & (MATCH | EQUALS)) !== 0 ? `^(?:${alt})$` : alt },
        },
      ];
    }
    return tests.map((t): Check => {
      if ((type & SUBSTRING) !== 0) return { body: not ? { notContains: text(t) } : { contains: text(t) } };
      if ((type & EQUALS) !== 0 && !not) return { body: { equals: text(t) } };
      const re =
        (type & MATCH) !== 0 || (type & EQUALS) !== 0 ? `^(?:${(type & EQUALS) !== 0 ? escapeRegex(t) : t})$` : t;
      return { body: { matches: not ? `^(?![\\s\\S]*(?:${re}))` : re } };
    });
  }
  if (field === 'Assertion.response_headers' && !or && !not && (type & (SUBSTRING | CONTAINS)) !== 0) {
    const checks: Check[] = [];
    for (const t of tests) {
      const m = /^\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)\s*:\s*(.*)$/.exec(t);
      if (!m) return fail(`response headers containing '${t}': a header check needs the header's name ("Name: value")`);
      checks.push(
        (type & SUBSTRING) !== 0 ? { header: m[1]!, contains: text(m[2]!) } : { header: m[1]!, matches: m[2]! },
      );
    }
    return checks;
  }
  return fail(
    `${field.replace('Assertion.', '')}${not ? ' (NOT)' : ''}: Loadsmith checks the status, headers, body and duration of a response`,
  );
}

/** The extractions of an extractor element, by plan variable name. */
export function extractions(e: JmxElement, scope: TextScope): Record<string, Extractor> {
  const notes = scope.notes;
  const out: Record<string, Extractor> = {};
  const fallback = (v: string | undefined, empty: boolean): { default?: string } =>
    v !== undefined && v !== '' ? { default: jmeterText(v, scope, where(e)) } : empty ? { default: '' } : {};
  if (e.tag === 'JSONPostProcessor') {
    const names = (prop(e.props, 'JSONPostProcessor.referenceNames') ?? '').split(';');
    const paths = (prop(e.props, 'JSONPostProcessor.jsonPathExprs') ?? '').split(';');
    const matches = (prop(e.props, 'JSONPostProcessor.match_numbers') ?? '').split(';');
    const defaults = (prop(e.props, 'JSONPostProcessor.defaultValues') ?? '').split(';');
    names.forEach((n, i) => {
      const path = paths[i]?.trim();
      if (!n.trim() || !path) return;
      const match = matches[i]?.trim() ?? '';
      if (match !== '' && match !== '1' && match !== '-1')
        notes.add(
          'approximated',
          where(e),
          `${n}: match number ${match} (random or the n-th): the first match is taken`,
        );
      out[varName(n)] = { jsonPath: path, ...(match === '-1' ? { all: true } : {}), ...fallback(defaults[i], false) };
    });
    return out;
  }
  const [prefix, from] =
    e.tag === 'RegexExtractor'
      ? ['RegexExtractor', prop(e.props, 'RegexExtractor.useHeaders')]
      : ['BoundaryExtractor', prop(e.props, 'BoundaryExtractor.useHeaders')];
  const name = prop(e.props, `${prefix}.refname`)?.trim();
  if (!name) {
    notes.add('not-imported', where(e), 'an extractor without a variable name');
    return out;
  }
  const where2 = `${where(e)} (${name})`;
  const match = prop(e.props, `${prefix}.match_number`)?.trim() ?? '';
  if (match !== '' && match !== '1')
    notes.add(
      'approximated',
      where2,
      `match number ${match} (${match === '-1' ? 'every match' : match === '0' ? 'a random one' : 'the n-th'}): the first match is taken${match === '-1' ? '; extract with a JSON Extractor (match -1) for a list' : ''}`,
    );
  const source =
    from === 'true' ? 'headers' : from === 'URL' ? 'url' : from === undefined || from === 'false' ? 'body' : undefined;
  if (source === undefined) notes.add('approximated', where2, `applied to "${from}": read from the body instead`);
  const dflt = fallback(prop(e.props, `${prefix}.default`), prop(e.props, `${prefix}.default_empty_value`) === 'true');
  if (e.tag === 'RegexExtractor') {
    const template = prop(e.props, 'RegexExtractor.template')?.trim() ?? '$1$';
    const group = /^\$(\d+)\$$/.exec(template);
    if (!group) notes.add('approximated', where2, `template ${template}: only one group ($N$) is taken, group 1`);
    out[varName(name)] = {
      regex: prop(e.props, 'RegexExtractor.regex') ?? '',
      group: group ? Number(group[1]) : 1,
      ...(source && source !== 'body' ? { from: source } : {}),
      ...dflt,
    };
  } else {
    const left = prop(e.props, 'BoundaryExtractor.lboundary') ?? '';
    const right = prop(e.props, 'BoundaryExtractor.rboundary') ?? '';
    if (!left || !right) {
      notes.add('not-imported', where2, 'a Boundary Extractor needs both boundaries in Loadsmith');
      return out;
    }
    out[varName(name)] = {
      boundary: { left, right },
      ...(source === 'headers' ? { from: 'headers' as const } : {}),
      ...dflt,
    };
  }
  return out;
}

/** A timer -> the think time before each sampler in its scope. */
export function timerThink(e: JmxElement, notes: Notes): Think | undefined {
  const delay = prop(e.props, 'ConstantTimer.delay')?.trim() ?? '';
  const range = numProp(e.props, 'RandomTimer.range') ?? 0;
  if (!/^\d+$/.test(delay)) {
    notes.add('not-imported', where(e), `timer delay '${delay}': not a number of milliseconds`);
    return undefined;
  }
  const ms = Number(delay);
  if (e.tag === 'ConstantTimer') return `${ms}ms`;
  if (e.tag === 'UniformRandomTimer') return range > 0 ? { min: `${ms}ms`, max: `${ms + range}ms` } : `${ms}ms`;
  // Gaussian: delay + N(0, deviation); kept within one deviation either side, uniformly.
  notes.add(
    'approximated',
    where(e),
    `Gaussian Random Timer (${ms} ms ± ${range} ms deviation): a uniform pause within one deviation`,
  );
  return { min: `${Math.max(0, ms - range)}ms`, max: `${ms + range}ms` };
}

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
