/**
 * Which values are worth correlating: ids, tokens and keys, not words, booleans, dates or small numbers that
 * would match by accident. Strong sources (a hidden form input, a CSRF meta tag, a cookie or a field named like a
 * token) need less to convince.
 */
import { isRedacted } from '../secrets.ts';

const COMMON = new Set([
  'true',
  'false',
  'null',
  'undefined',
  'none',
  'nan',
  'ok',
  'success',
  'error',
  'active',
  'enabled',
  'disabled',
  'pending',
  'default',
  'yes',
  'no',
  'on',
  'off',
  'get',
  'post',
  'put',
  'delete',
  'json',
  'html',
  'text',
  'utf-8',
  'bearer',
  'basic',
]);
const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;
const MAX_LENGTH = 8192;

/**
 * Could `value` be a server-made id or token (worth finding in later requests)? Never a redaction placeholder
 * (`REDACTED` in a HAR exported without secrets): every hidden value reads the same, so it would tie them all.
 */
export function isTokenLike(value: string, strong: boolean): boolean {
  if (value.length < (strong ? 4 : 6) || value.length > MAX_LENGTH || isRedacted(value)) return false;
  if (/\s/.test(value) || COMMON.has(value.toLowerCase()) || ISO_DATE.test(value)) return false;
  if (/^\d+$/.test(value)) return isIdNumber(value, strong);
  if (/^\d+\.\d+$/.test(value)) return false; // prices, coordinates
  if (strong) return true;
  return (/\d/.test(value) && /[A-Za-z]/.test(value)) || value.length >= 16;
}

/** Numbers: 5 digits or more (ids), but not Unix times in seconds or milliseconds. */
function isIdNumber(digits: string, strong: boolean): boolean {
  if (digits.length < (strong ? 4 : 5)) return false;
  if (digits.length === 10 || digits.length === 13) {
    const t = Number(digits.length === 10 ? `${digits}000` : digits);
    if (t > Date.UTC(2000, 0, 1) && t < Date.UTC(2100, 0, 1)) return false;
  }
  return true;
}

/** Names that say "this is a token": csrf, xsrf, token, nonce, session, state, key, code. */
export function isTokenName(name: string): boolean {
  return /csrf|xsrf|token|nonce|session|sid$|^state$|key$|^code$|secret|auth|ticket/i.test(name);
}

/** Where `value` occurs in `text` as a whole token (not glued to letters or digits on either side). */
export function occurrences(text: string, value: string): number[] {
  const out: number[] = [];
  if (value === '') return out;
  for (let i = text.indexOf(value); i >= 0; i = text.indexOf(value, i + value.length)) {
    const before = text[i - 1];
    const after = text[i + value.length];
    if (!isWordChar(before) || !isWordChar(value[0])) {
      if (!isWordChar(after) || !isWordChar(value.at(-1))) out.push(i);
    }
  }
  return out;
}

function isWordChar(c: string | undefined): boolean {
  return c !== undefined && /[A-Za-z0-9]/.test(c);
}

/** Replaces whole-token occurrences of `value` in `text`. */
export function replaceToken(text: string, value: string, replacement: string): string {
  const at = occurrences(text, value);
  if (at.length === 0) return text;
  let out = '';
  let from = 0;
  for (const i of at) {
    out += text.slice(from, i) + replacement;
    from = i + value.length;
  }
  return out + text.slice(from);
}

/** `text` as a regular expression matching it literally. */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
