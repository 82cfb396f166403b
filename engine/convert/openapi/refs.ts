/**
 * Local `$ref`s (`#/components/schemas/Pet`, `#/definitions/Pet`) resolved on demand against the document root.
 * References to other files cannot be followed during an import and are reported; cycles stop at a depth limit.
 */
import type { Notes } from '../draft.ts';

export type Obj = Record<string, unknown>;

export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export class Refs {
  private readonly root: unknown;
  private readonly notes: Notes;
  private readonly label: string;

  constructor(root: unknown, notes: Notes, label: string) {
    this.root = root;
    this.notes = notes;
    this.label = label;
  }

  /** The object itself, or what its `$ref` points to (followed through chains); {} when it cannot be found. */
  deref(v: unknown, where: string, depth = 0): Obj {
    if (!isObj(v)) return {};
    const ref = v.$ref;
    if (typeof ref !== 'string') return v;
    if (depth > 20) return {};
    if (!ref.startsWith('#')) {
      this.notes.add(
        'not-imported',
        where,
        `reference to another file (${ref}) cannot be followed: bundle the API description into one file first (e.g. redocly bundle)`,
      );
      return {};
    }
    const target = ref
      .slice(1)
      .split('/')
      .slice(1)
      .reduce<unknown>((node, raw) => {
        const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
        return isObj(node) ? node[key] : Array.isArray(node) ? node[Number(key)] : undefined;
      }, this.root);
    if (target === undefined) {
      this.notes.add('not-imported', `${this.label}: ${ref}`, `the reference ${ref} points at nothing in the document`);
      return {};
    }
    return this.deref(target, where, depth + 1);
  }
}
