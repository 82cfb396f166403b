/**
 * Drafts: the plan document as the designer holds it while the user edits, which need not validate. A draft is typed
 * by the plan schema's own types (engine/plan/schema), every key optional all the way down, and honest about what a
 * half-typed plan may hold: any value may be a Stray (another type than the schema's: a number where a name belongs,
 * a list where a map belongs), and enumerations are plain strings (a method may read `FETCH` while it is typed).
 * So every JSON value is a Draft<T> of every T: reading never throws, and the compiler asks for a check (typeof,
 * objectOf, listOf) before a value is used as what the schema says it is.
 */

declare const stray: unique symbol;
/** A value of another type than the schema's, in a draft. Opaque on purpose: check with typeof, objectOf or listOf. */
export interface Stray {
  readonly [stray]: true;
}

type Scalar = string | number | boolean | null;
/** In a draft an enumeration holds any text, a literal any number. */
type Widen<T> = T extends string ? string : T extends number ? number : T extends boolean ? boolean : T;
/** Every key of every variant of a union (a draft may mix the variants' keys while it is edited). */
type KeysOf<T> = T extends unknown ? keyof T : never;
type ValueOf<T, K extends PropertyKey> = T extends unknown ? (K extends keyof T ? T[K] : never) : never;
type ItemOf<L> = L extends readonly (infer E)[] ? E : never;

/** The draft of a value whose schema type is T. */
export type Draft<T> = unknown extends T
  ? unknown
  : | Widen<Extract<T, Scalar>>
    | ListDraft<Extract<T, readonly unknown[]>>
    | ObjectDraft<Exclude<T, Scalar | readonly unknown[] | undefined>>
    | Stray;

/** A list in a draft: any item may be a stray. */
export type ListDraft<L> = [L] extends [never] ? never : readonly Draft<ItemOf<L>>[];

/** An object in a draft: the keys of all the schema's variants, each optional. */
export type ObjectDraft<O> = [O] extends [never] ? never : { readonly [K in KeysOf<O>]?: Draft<ValueOf<O, K>> };

/** A JSON object the schema says nothing about (a JSON body, a variable's value). */
export interface AnyObject {
  readonly [key: string]: unknown;
}
/** The object variants of a draft value (what objectOf hands out). */
export type ObjectIn<D> = unknown extends D ? AnyObject : Exclude<D, Scalar | Stray | readonly unknown[] | undefined>;
/** The items of the list variants of a draft value (what listOf hands out). */
export type ItemIn<D> = unknown extends D ? unknown : ItemOf<Extract<D, readonly unknown[]>>;

/** Any value of the document as a draft of schema type T: sound, since every value is one (see above). */
export const asDraft = <T>(value: unknown): Draft<T> => value as Draft<T>;

/** The plain object a draft holds here, or undefined (absent, or a stray: text, a number, a list). */
export function objectOf<D>(value: D): ObjectIn<D> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as ObjectIn<D>) : undefined;
}

/** The list a draft holds here (empty when absent or a stray); its items are drafts in turn. */
export function listOf<D>(value: D): readonly ItemIn<D>[] {
  return Array.isArray(value) ? (value as readonly ItemIn<D>[]) : [];
}

/** The entries of a map in a draft (headers, variables, extractions, scenarios); none when it is not a map. */
export function entriesOf<D>(value: D): [string, Exclude<ObjectIn<D>[keyof ObjectIn<D>], undefined>][] {
  const obj = objectOf(value);
  return obj === undefined
    ? []
    : (Object.entries(obj as object) as [string, Exclude<ObjectIn<D>[keyof ObjectIn<D>], undefined>][]);
}

/** The keys of a map in a draft, in their order. */
export function keysOf(value: unknown): string[] {
  const obj = objectOf(value);
  return obj === undefined ? [] : Object.keys(obj as object);
}

/** The text a draft holds here, or undefined. */
export const textOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The finite number a draft holds here, or undefined. */
export const numberOf = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
