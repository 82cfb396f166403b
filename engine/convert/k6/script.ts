/**
 * What the k6 exporter collects while writing a script: the helpers and modules its code uses, the files it must
 * open in the init context (body files, data files, TLS keys), and the report.
 */
import type { PathSegment } from '../../plan/path.ts';
import type { Plan } from '../../plan/schema/index.ts';
import { Notes } from '../draft.ts';

export class Script {
  readonly notes = new Notes();
  private readonly helpers = new Set<string>();
  /** k6 modules the code uses beyond k6/http and k6. */
  exec = false;
  encoding = false;
  sharedArray = false;
  ws = false;
  /** Some step awaits (a gRPC call): the scenario, setup, teardown and default functions are async. */
  async = false;
  /** The plan reads statuses (status()): each response notes its own. */
  statuses = false;
  /** path as written in the plan -> the init-context variable holding its bytes. */
  readonly files = new Map<string, string>();
  /** Prefix for file paths: scripts open files relative to themselves, plans relative to the plan file. */
  readonly pathPrefix: string;

  constructor(pathPrefix: string) {
    this.pathPrefix = pathPrefix;
  }

  use(helper: string): void {
    this.helpers.add(helper);
  }

  get used(): ReadonlySet<string> {
    return this.helpers;
  }

  /** The variable holding a file opened in the init context (binary). */
  file(path: string): string {
    let name = this.files.get(path);
    if (name === undefined) {
      name = `file${this.files.size + 1}`;
      this.files.set(path, name);
    }
    return name;
  }

  /** A plan-relative path as the script must open it. */
  path(p: string): string {
    return /^([/\\]|[A-Za-z]:)/.test(p) || this.pathPrefix === '' ? p : `${this.pathPrefix}${p}`;
  }
}

/** `async ` for a function whose body awaits (a gRPC call), else nothing. */
export const asyncIf = (body: readonly string[]): string => (body.some((l) => /\bawait /.test(l)) ? 'async ' : '');

/** A JS string literal (JSON's quoting is valid JavaScript). */
export const str = (s: string): string => JSON.stringify(s);

/** Indents every line of a block. */
export function indent(code: string, by = '  '): string {
  return code
    .split('\n')
    .map((l) => (l === '' ? l : by + l))
    .join('\n');
}

/** A JSON-like value as JavaScript, small objects on one line, keys unquoted when they are identifiers. */
export function jsLiteral(value: unknown, pad = ''): string {
  const flat = oneLine(value);
  if (flat.length + pad.length <= 120 || value === null || typeof value !== 'object') return flat;
  const inner = `${pad}  `;
  if (Array.isArray(value)) return `[\n${value.map((v) => `${inner}${jsLiteral(v, inner)},`).join('\n')}\n${pad}]`;
  return `{\n${Object.entries(value)
    .map(([k, v]) => `${inner}${key(k)}: ${jsLiteral(v, inner)},`)
    .join('\n')}\n${pad}}`;
}

function oneLine(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(oneLine).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    return entries.length === 0 ? '{}' : `{ ${entries.map(([k, v]) => `${key(k)}: ${oneLine(v)}`).join(', ')} }`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

function key(k: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k);
}

/** A helper function the script may carry: its JavaScript source and the helpers it calls (helpers.ts). */
export interface Helper {
  code: string;
  uses: string[];
}

/** Where a step list is: its plan, the list it belongs to (a scenario's name, SETUP or TEARDOWN) and its path. */
export interface StepsAt {
  plan: Plan;
  s: Script;
  list: string;
  path: PathSegment[];
  /** Loops around it, for the names of their pass variables. */
  loops: number;
}
