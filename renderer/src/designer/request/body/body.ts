/**
 * A request has at most one body (json, form, text or file). Switching the body kind replaces it in one edit:
 * the other body keys go, and what can be carried over is (JSON <-> text, form -> JSON, a flat JSON object -> form).
 */
import { BODY_KEYS } from 'loadsmith/plan';
import { entriesOf, objectOf, textOf, type RequestDraft } from '../../core/doc/index.ts';
import { withKey } from '../../core/key-order.ts';

export { withKey } from '../../core/key-order.ts';

export type BodyKind = 'none' | (typeof BODY_KEYS)[number];
export const BODY_KINDS: readonly BodyKind[] = ['none', ...BODY_KEYS];

/** The body kind of a request (the first body key present). */
export function bodyKind(request: RequestDraft | undefined): BodyKind {
  return BODY_KEYS.find((k) => request?.[k] !== undefined) ?? 'none';
}

/** The request with its body switched to `kind`, carrying the old body over where it makes sense. */
export function switchBody(request: RequestDraft, kind: BodyKind): RequestDraft {
  const from = bodyKind(request);
  if (from === kind) return request;
  const old = from === 'none' ? undefined : request[from];
  const rest: RequestDraft = Object.fromEntries(
    entriesOf(request).filter(([k]) => !(BODY_KEYS as readonly string[]).includes(k)),
  );
  return kind === 'none' ? rest : withKey(rest, kind, convertBody(from, kind, old));
}

/** The starting value of a `to` body made from a `from` body. */
export function convertBody(from: BodyKind, to: Exclude<BodyKind, 'none'>, old: unknown): unknown {
  switch (to) {
    case 'json':
      if (from === 'form' && objectOf(old)) return old;
      if (from === 'text' && typeof old === 'string') {
        try {
          return JSON.parse(old) as unknown;
        } catch {
          return {};
        }
      }
      return {};
    case 'form':
      return from === 'json' && isFlat(old) ? old : {};
    case 'text':
      if (from === 'json') return JSON.stringify(old, null, 2);
      if (from === 'form' && objectOf(old))
        return new URLSearchParams(entriesOf(old).map(([k, v]) => [k, String(v)])).toString();
      return '';
    case 'file':
      return '';
  }
}

/** An object a form body can hold: scalar values, or lists of scalars (repeated fields). */
function isFlat(v: unknown): boolean {
  const scalar = (x: unknown): boolean => x === null || ['string', 'number', 'boolean'].includes(typeof x);
  return objectOf(v) !== undefined && entriesOf(v).every(([, x]) => scalar(x) || (Array.isArray(x) && x.every(scalar)));
}

/** A file body as its two fields. */
export function fileParts(v: RequestDraft['file']): { path: string; contentType: string } {
  if (typeof v === 'string') return { path: v, contentType: '' };
  const file = objectOf(v);
  if (file) return { path: textOf(file.path) ?? '', contentType: textOf(file.contentType) ?? '' };
  return { path: '', contentType: '' };
}

/** The shortest file body for these fields: a plain path unless a content type is given. */
export function fileBody(path: string, contentType: string): unknown {
  return contentType.trim() === '' ? path : { path, contentType: contentType.trim() };
}
