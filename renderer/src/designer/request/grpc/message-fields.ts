/**
 * A gRPC message in the designer, pure: completion of field names and enum values from the method's input fields at
 * the caret of the JSON text, and a starting message with every field of the type (as protojson shows defaults).
 */
import type { GrpcField } from '../../../../../app/contract/index.ts';
import type { CodeCompletion } from '../../code/CodeEditor.tsx';

export type MessageCompletion = CodeCompletion;

interface Frame {
  type: 'object' | 'array';
  /** The key this container is the value of (for arrays' items: the array's key). */
  key: string | undefined;
  /** Objects: expecting a key next (else a value). */
  wantKey: boolean;
  lastKey: string | undefined;
  keys: Set<string>;
}

/** The open containers at the end of `before`, and where the string it ends in starts (-1: not in one). */
function scan(before: string): { stack: Frame[]; inString: boolean; stringStart: number } {
  const stack: Frame[] = [];
  let inString = false;
  let stringStart = -1;
  let str = '';
  for (let i = 0; i < before.length; i++) {
    const c = before[i] as string;
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') {
        inString = false;
        const top = stack[stack.length - 1];
        if (top?.type === 'object' && top.wantKey) {
          top.lastKey = str;
          top.keys.add(str);
        }
      } else str += c;
      continue;
    }
    const top = stack[stack.length - 1];
    if (c === '"') {
      inString = true;
      stringStart = i;
      str = '';
    } else if (c === '{' || c === '[') {
      const key = top?.type === 'object' ? top.lastKey : top?.key;
      stack.push({
        type: c === '{' ? 'object' : 'array',
        key,
        wantKey: c === '{',
        lastKey: undefined,
        keys: new Set(),
      });
    } else if (c === '}' || c === ']') stack.pop();
    else if (c === ':' && top?.type === 'object') top.wantKey = false;
    else if (c === ',' && top?.type === 'object') top.wantKey = true;
  }
  return { stack, inString, stringStart: inString ? stringStart : -1 };
}

const fieldNamed = (fields: readonly GrpcField[], key: string): GrpcField | undefined =>
  fields.find((f) => f.name === key || f.jsonName === key);

const typeText = (f: GrpcField): string => (f.map ? `map<…, ${f.type}>` : `${f.repeated ? 'repeated ' : ''}${f.type}`);

/** What to offer at the end of `before` (the text up to the caret) for a message of `fields`. */
export function messageCompletions(fields: readonly GrpcField[], before: string): MessageCompletion[] {
  const { stack, inString, stringStart } = scan(before);
  // Inside a string the item replaces it from its opening quote, as the JSON language's own items do, so both are
  // ranked against the same typed text (the closing quote, typed or auto-closed, stays).
  const quoted = inString ? { replace: before.length - stringStart } : {};
  const top = stack[stack.length - 1];
  if (!top) return [];
  // The fields of the message the caret is in: follow the keys from the outermost object in.
  let here: readonly GrpcField[] | undefined = fields;
  for (const frame of stack.slice(1)) {
    const f: GrpcField | undefined = frame.key === undefined ? undefined : fieldNamed(here ?? [], frame.key);
    // A list's items, and the items of a message list at the top (a stream's messages), are of the same type.
    if (frame.type === 'array' || frame.key === undefined) continue;
    here = f?.fields;
    if (!here) return [];
  }
  if (top.type === 'object' && top.wantKey) {
    return (here ?? [])
      .filter((f) => !top.keys.has(f.name) && !top.keys.has(f.jsonName))
      .map((f) => ({
        label: f.name,
        insertText: inString ? `"${f.name}` : `"${f.name}": `,
        ...quoted,
        detail: typeText(f),
        kind: 'field',
      }));
  }
  const key = top.type === 'object' ? top.lastKey : top.key;
  const field = key === undefined ? undefined : fieldNamed(here ?? [], key);
  if (field?.kind !== 'enum') return [];
  return (field.values ?? []).map((v) => ({
    label: v,
    insertText: inString ? `"${v}` : `"${v}"`,
    ...quoted,
    detail: field.type,
    kind: 'value',
  }));
}

/** A message with every field at its default (strings empty, numbers 0, lists empty), nested messages filled in. */
export function messageSkeleton(fields: readonly GrpcField[]): { [field: string]: unknown } {
  return Object.fromEntries(fields.map((f) => [f.name, defaultOf(f)]));
}

const NUMERIC = /^(u?int|sint|s?fixed)(32|64)$|^(double|float)$/;

function defaultOf(f: GrpcField): unknown {
  if (f.map) return {};
  if (f.repeated) return [];
  if (f.kind === 'enum') return f.values?.[0] ?? '';
  if (f.kind === 'message') return f.fields ? messageSkeleton(f.fields) : {};
  // 64-bit integers are strings in protojson; a number is accepted too, and reads better to start from.
  if (NUMERIC.test(f.type)) return 0;
  if (f.type === 'bool') return false;
  return '';
}
