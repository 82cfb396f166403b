/**
 * The shape every importer produces before it becomes a plan: requests in source order, each with an absolute
 * URL, its headers as a list (order and duplicates kept), a body, auth, checks, and the folder path it came from.
 * Strings are already plan templates: literal `${` is escaped as `$${`, variables are `${name}` / `${env.NAME}`.
 * build-plan.ts turns drafts into a plan (base URL, shared defaults, groups, secrets to env, names).
 */
import type { Auth, Check, ConnectionOptions, Extractor } from '../plan/schema/index.ts';
import type { ConvertNote } from './types.ts';

export type DraftBody =
  | { kind: 'json'; value: unknown }
  | { kind: 'form'; fields: [string, string][] }
  /** `tooDeep`: JSON nested more than MAX_JSON_DEPTH levels, kept as text (and reported). */
  | { kind: 'text'; text: string; tooDeep?: true }
  | { kind: 'file'; path: string; contentType?: string };

export interface DraftRequest {
  name?: string;
  method: string;
  /** Absolute (http://...) or starting with a template (`${baseUrl}/x`). */
  url: string;
  headers: [string, string][];
  body?: DraftBody;
  auth?: Auth;
  checks?: Check[];
  extract?: Record<string, Extractor>;
  /** Folder path (Postman folders, OpenAPI tags): becomes nested groups. */
  group?: string[];
  maxRedirects?: number;
  timeout?: string;
  /** Connection options (TLS trust, client certificates, protocol). */
  http?: ConnectionOptions;
  /** A pause before this request (recorded user think time), e.g. `2.5s`. */
  thinkBefore?: string;
  /** Where it came from, for notes: `collection.json: Users › Create user`. */
  where: string;
}

/** Collected while converting; most converters pass one around. */
export class Notes {
  readonly list: ConvertNote[] = [];
  add(kind: ConvertNote['kind'], where: string, message: string): void {
    if (!this.list.some((n) => n.kind === kind && n.where === where && n.message === message))
      this.list.push({ kind, where, message });
  }

  /**
   * The list with the same note about several lines of a file said once: `file: lines 1, 9, 18` and
   * `... (3 commands)`, where each note was `file: line N` (a multi-command cURL file repeats its options).
   */
  byLine(label: string, unit: string): ConvertNote[] {
    const prefix = `${label}: line `;
    const groups = new Map<string, { note: ConvertNote; lines: string[] }>();
    const out: ConvertNote[] = [];
    for (const n of this.list) {
      const line =
        n.where.startsWith(prefix) && /^\d+$/.test(n.where.slice(prefix.length))
          ? n.where.slice(prefix.length)
          : undefined;
      const key = `${n.kind}\u0000${n.message}`;
      const group = line === undefined ? undefined : groups.get(key);
      if (group) {
        group.lines.push(line!);
        continue;
      }
      const copy = { ...n };
      if (line !== undefined) groups.set(key, { note: copy, lines: [line] });
      out.push(copy);
    }
    for (const { note, lines } of groups.values()) {
      if (lines.length > 1)
        Object.assign(note, {
          where: `${label}: lines ${lines.join(', ')}`,
          message: `${note.message} (${lines.length} ${unit}s)`,
        });
    }
    return out;
  }
}

/** Literal text from a source becomes template text: `${` would otherwise start an expression. */
export function literal(text: string): string {
  return text.replaceAll('${', () => '$${'); // a function: in a replacement string `$$` means one `$`
}

/** Every literal string inside a JSON value, escaped for templates (keys are never evaluated). */
export function literalJson(value: unknown): unknown {
  if (typeof value === 'string') return literal(value);
  if (Array.isArray(value)) return value.map(literalJson);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, literalJson(v)]));
  }
  return value;
}
