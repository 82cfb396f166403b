/**
 * A string value for a schema: by its format, or made to fit its pattern and length. Properties whose name is
 * usually unique (`name`, `username`, `email`, `slug`, `sku`...) get a random part (`name-${randomString(8)}`),
 * so every create sends a new one; the random part uses only characters the pattern accepts.
 */
import type { Notes } from '../draft.ts';
import { compilePattern, fromPattern, randomFromPattern } from './pattern.ts';
import type { Obj } from './refs.ts';

const FORMATS: Record<string, string> = {
  'date-time': '2025-01-01T00:00:00Z',
  date: '2025-01-01',
  time: '12:00:00',
  email: 'user@example.com',
  'idn-email': 'user@example.com',
  uri: 'https://example.com/',
  url: 'https://example.com/',
  iri: 'https://example.com/',
  'uri-reference': '/',
  hostname: 'example.com',
  'idn-hostname': 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  uuid: '${uuid()}',
  password: 'password',
  byte: 'ZXhhbXBsZQ==',
  duration: 'P1D',
  'json-pointer': '/a',
  'relative-json-pointer': '0',
  regex: '^a$',
  decimal: '1.00',
  int32: '1',
  int64: '1',
  double: '1.5',
  float: '1.5',
};
const UNIQUE =
  /(^|[_-])(name|username|login|handle|slug|code|sku|email|identifier)$|[a-z](UserName|Username|Email|Slug)$|^userName$/;
/** Names of people are not unique: `first_name`, `lastName`, `display_name`. */
const PERSON = /(first|last|middle|full|display|given|family|sur|nick)[_-]?name$/i;
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const CHARSETS = [`${LOWER}0123456789`, LOWER, '0123456789', LOWER.toUpperCase(), `${LOWER.toUpperCase()}0123456789`];

export interface StringOptions {
  where: string;
  name?: string;
  notes?: Notes;
}

export function stringOf(s: Obj, o: StringOptions): string | undefined {
  const format = typeof s.format === 'string' ? s.format : '';
  if (format === 'binary') return undefined;
  const min = typeof s.minLength === 'number' ? s.minLength : 0;
  const max = typeof s.maxLength === 'number' ? s.maxLength : Infinity;
  const pattern = typeof s.pattern === 'string' ? compilePattern(s.pattern) : undefined;
  if (typeof s.pattern === 'string' && !pattern)
    o.notes?.add(
      'approximated',
      o.where,
      `pattern ${s.pattern}${o.name ? ` of ${o.name}` : ''} cannot be read: the generated value may not match it`,
    );
  const fits = (samples: string[]): boolean =>
    samples.every((v) => [...v].length >= min && [...v].length <= max && (!pattern || pattern.test(v)));
  if (o.name !== undefined && UNIQUE.test(o.name) && !PERSON.test(o.name) && format !== 'uuid') {
    const unique = uniqueValue(o.name, format, min, max, fits);
    if (unique !== undefined) return unique;
    const random = typeof s.pattern === 'string' ? randomFromPattern(s.pattern) : undefined;
    const plain = typeof s.pattern === 'string' ? fromPattern(s.pattern) : undefined;
    if (random !== undefined && plain !== undefined && fits([plain])) return random;
  }
  const base = FORMATS[format] ?? 'string';
  if ((format === 'uri' || format === 'url') && o.name !== undefined) {
    o.notes?.add(
      'approximated',
      o.where,
      `${o.name} is a link (format: ${format}): ${base} is a placeholder the server may refuse; put a real URL`,
    );
  }
  const sample = base === '${uuid()}' ? '00000000-0000-4000-8000-000000000000' : base;
  if (fits([sample])) return base;
  const padded =
    sample.length < min ? sample + 'x'.repeat(min - sample.length) : sample.slice(0, Math.min(max, sample.length));
  if (base !== '${uuid()}' && fits([padded])) return padded;
  const generated = typeof s.pattern === 'string' ? fromPattern(s.pattern) : undefined;
  if (generated !== undefined && fits([generated])) return generated.replaceAll('${', '$${');
  o.notes?.add(
    'approximated',
    o.where,
    `no value could be made for ${o.name ?? 'a string'} that fits ${pattern ? `the pattern ${s.pattern}` : `lengths ${min}..${max}`}: '${padded}' is sent`,
  );
  return padded;
}

/**
 * `name-${randomString(8)}` (or `user-...@example.com` for emails), shortened to maxLength, with the first
 * alphabet whose every sample fits the pattern; undefined when none does.
 */
function uniqueValue(
  name: string,
  format: string,
  min: number,
  max: number,
  fits: (samples: string[]) => boolean,
): string | undefined {
  const word = (name.split(/[_-]/).at(-1) ?? 'name').replace(/[^a-z]/gi, '').toLowerCase() || 'name';
  const email = format === 'email' || format === 'idn-email' || /email$/i.test(name);
  const prefix = email ? 'user-' : `${word}-`;
  const suffix = email ? '@example.com' : '';
  for (const charset of CHARSETS) {
    for (const [pre, n] of [
      [prefix, 8],
      ['', 8],
      ['', Math.max(1, min)],
    ] as const) {
      const length = Math.max(n, min - pre.length - suffix.length);
      const room = max - pre.length - suffix.length;
      const count = Math.min(length, room);
      if (count < 1) continue;
      const samples = [charset[0]!, charset.at(-1)!, charset[Math.floor(charset.length / 2)]!].map(
        (c) => pre + c.repeat(count) + suffix,
      );
      if (!fits(samples)) continue;
      return `${pre}\${randomString(${count}, '${charset}')}${suffix}`;
    }
  }
  return undefined;
}
