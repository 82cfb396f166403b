/**
 * Postman `{{variables}}` -> plan templates. Collection variables become plan variables; environment values become
 * `${env.NAME:-value}` so each run can override them (secrets: `${env.NAME}` with no value in the plan); names
 * only scripts set become `${env.NAME}` too, and the report says so. `{{$guid}}` and friends map to functions.
 */
import { literal, type Notes } from '../draft.ts';
import type { KnownSecret } from '../build-plan.ts';
import { envName, isSecretField } from '../secrets.ts';
import type { Environment, Variable } from './schema.ts';

const RESERVED = new Set(['vu', 'iter', 'scenario', 'env', 'data']);
const DYNAMIC: Record<string, string> = {
  $guid: 'uuid()',
  $randomUUID: 'uuid()',
  $timestamp: '(now() - now() % 1000) / 1000',
  $isoTimestamp: 'isoNow()',
  $randomInt: 'randomInt(0, 1000)',
  $randomAlphaNumeric: 'randomString(1)',
};

export class PostmanVariables {
  /** Postman name -> plan value (template text or a JSON value). */
  private readonly defined = new Map<string, unknown>();
  private readonly used = new Set<string>();
  /** Names a recognized script extraction sets (they need no plan variable). */
  readonly extracted = new Set<string>();
  /** Values of the variables hidden as secrets: replaced wherever else they appear in the plan (a URL, a body). */
  readonly hidden: KnownSecret[] = [];
  private readonly notes: Notes;
  private readonly label: string;

  constructor(collection: readonly Variable[], env: Environment | undefined, notes: Notes, label: string) {
    this.notes = notes;
    this.label = label;
    for (const v of collection) {
      const key = v.key ?? v.id;
      if (key === undefined || v.disabled) continue;
      this.defined.set(
        key,
        this.initial(key, v.value, isSecretField(key, String(v.value ?? '')) || v.type === 'secret', undefined),
      );
    }
    for (const v of env?.values ?? []) {
      if (v.enabled === false) continue;
      this.defined.set(
        v.key,
        this.initial(v.key, v.value, isSecretField(v.key, String(v.value ?? '')) || v.type === 'secret', 'env'),
      );
    }
  }

  /** A variable defined on a folder or request (Postman scopes it; a plan variable is global). */
  add(key: string, value: unknown, where: string): void {
    if (!this.defined.has(key))
      this.defined.set(key, this.initial(key, value, isSecretField(key, String(value ?? '')), undefined, where));
  }

  /** Plan variable name for a Postman name. */
  static planName(name: string): string {
    const safe = name.replace(/[^A-Za-z0-9_]/g, '_').replace(/^(?=\d)/, '_');
    return RESERVED.has(safe) ? `pm_${safe}` : safe;
  }

  /** Source text -> template text: literal parts escaped, `{{name}}` -> `${name}`. */
  text(source: string, where: string): string {
    return literal(source).replace(/\{\{([^{}]+?)\}\}/g, (_m, raw: string) => {
      const name = raw.trim();
      if (name.startsWith('$')) {
        const fn = DYNAMIC[name];
        if (fn) return `\${${fn}}`;
        this.notes.add('approximated', where, `{{${name}}}: Postman's dynamic variable became randomString(10)`);
        return '${randomString(10)}';
      }
      this.used.add(name);
      return `\${${PostmanVariables.planName(name)}}`;
    });
  }

  /** The plan's `variables`, in an order where each may use the ones above it. */
  planVariables(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    const visiting = new Set<string>();
    const visit = (name: string): void => {
      if (PostmanVariables.planName(name) in out || visiting.has(name)) return;
      visiting.add(name);
      const value = this.defined.get(name);
      for (const dep of typeof value === 'string'
        ? [...value.matchAll(/\$\{([A-Za-z_]\w*)\}/g)].map((m) => m[1] as string)
        : []) {
        const original = [...this.defined.keys()].find((k) => PostmanVariables.planName(k) === dep);
        if (original !== undefined) visit(original);
      }
      out[PostmanVariables.planName(name)] = value;
    };
    for (const name of this.defined.keys()) visit(name);
    for (const name of this.used) {
      const plan = PostmanVariables.planName(name);
      if (plan in out || this.extracted.has(plan)) continue;
      const env = envName(name);
      out[plan] = `\${env.${env}}`;
      this.notes.add(
        'not-imported',
        this.label,
        `{{${name}}} is used but defined neither in the collection nor in the environment (a script, a data file or globals set it in Postman): the plan reads \${env.${env}}`,
      );
    }
    return out;
  }

  private initial(key: string, value: unknown, secret: boolean, from: 'env' | undefined, where = this.label): unknown {
    const text = typeof value === 'string' ? this.text(value, `${where}: variable ${key}`) : (value ?? '');
    const name = envName(key);
    if (secret) {
      this.notes.add(
        'secret',
        `${where}: variable ${key}`,
        `its value was replaced by \${env.${name}} (it is not written to the plan); run with --env ${name}=...`,
      );
      if (typeof value === 'string' || typeof value === 'number')
        this.hidden.push({ value: String(value), name, where: `${where}: variable ${key}`, what: `variable ${key}` });
      return `\${env.${name}}`;
    }
    if (from !== 'env') return text;
    // An environment value is the default of an environment variable: each run may override it.
    if (typeof text === 'string' && !/[{}]/.test(text)) return `\${env.${name}:-${text}}`;
    return text;
  }
}
