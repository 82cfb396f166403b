/**
 * The enable/disable toggles of a request's headers and query parameters, as Postman's and Bruno's: an entry that is
 * off stays in the plan (its name in the request's `disabled` lists) and is not sent. Header names compare without
 * case, as on the wire (and as the engine drops them); query names exactly. Each function returns the whole new
 * request, so that a toggle, or a rename or removal that carries its toggle along, is one undo step.
 */
import { entriesOf, listOf, objectOf, textOf, type RequestDraft } from '../../core/doc/index.ts';
import { REQUEST_KEY_ORDER, withKey } from '../../core/key-order.ts';

export type ToggleKind = 'headers' | 'query';

const same = (kind: ToggleKind, a: string, b: string): boolean =>
  kind === 'headers' ? a.toLowerCase() === b.toLowerCase() : a === b;

/** The names that are off, as written in the plan. */
export function offNames(req: RequestDraft, kind: ToggleKind): string[] {
  return listOf(objectOf(req.disabled)?.[kind])
    .map(textOf)
    .filter((n) => n !== undefined);
}

export function isOff(req: RequestDraft, kind: ToggleKind, name: string): boolean {
  return offNames(req, kind).some((n) => same(kind, n, name));
}

/** The request with `name` sent (on) or kept but not sent (off). */
export function withToggle(req: RequestDraft, kind: ToggleKind, name: string, on: boolean): RequestDraft {
  const rest = offNames(req, kind).filter((n) => !same(kind, n, name));
  return withOffNames(req, kind, on ? rest : [...rest, name]);
}

/** The request with entry `from` renamed to `to` in its map, keeping its place and its toggle. */
export function withRenamed(req: RequestDraft, kind: ToggleKind, from: string, to: string): RequestDraft {
  const renamed = Object.fromEntries(entriesOf(req[kind]).map(([k, v]) => [k === from ? to : k, v]));
  const off = offNames(req, kind).map((n) => (same(kind, n, from) ? to : n));
  return withOffNames({ ...req, [kind]: renamed }, kind, off);
}

/** The request without entry `name`, nor its toggle. */
export function withRemoved(req: RequestDraft, kind: ToggleKind, name: string): RequestDraft {
  const kept = entriesOf(req[kind]).filter(([k]) => k !== name);
  const { [kind]: _dropped, ...others } = req;
  const out: RequestDraft = kept.length > 0 ? { ...req, [kind]: Object.fromEntries(kept) } : others;
  return withOffNames(
    out,
    kind,
    offNames(req, kind).filter((n) => !same(kind, n, name)),
  );
}

/** Sets one `disabled` list; an empty list, and an empty `disabled`, leave the plan. */
function withOffNames(req: RequestDraft, kind: ToggleKind, names: string[]): RequestDraft {
  const { [kind]: _old, ...otherLists } = objectOf(req.disabled) ?? {};
  const lists = names.length > 0 ? { ...otherLists, [kind]: names } : otherLists;
  if (Object.keys(lists).length > 0) return withKey(req, 'disabled', lists, REQUEST_KEY_ORDER);
  const { disabled: _gone, ...rest } = req;
  return rest;
}
