/**
 * Credentials never land in an imported plan as literals: tokens, passwords, API keys and session cookies become
 * `${env.NAME}` references, and the report says which names to set. The same value gets the same name, so a
 * token used by twenty requests is one variable.
 */
import { compileTemplate } from '../template/index.ts';
import type { Notes } from './draft.ts';
import type { ConvertNote } from './types.ts';

const SECRET_HEADER = /^(authorization|proxy-authorization|cookie|x-api-key|api-key|apikey|x-auth-token|x-access-token|x-csrf-token|x-xsrf-token|x-session-token|x-amz-security-token)$/i;
/** Last words of a name that mark a credential: `client_secret`, `accessToken`, `X-Subscription-Key`. */
const LAST_WORD = new Set(['password', 'passwd', 'pwd', 'secret', 'token', 'apikey', 'credential', 'credentials']);
const LAST_TWO = new Set(['api_key', 'access_token', 'refresh_token', 'id_token', 'auth_token', 'client_secret', 'private_key', 'secret_key', 'session_id', 'api_token']);
const EXTRA: Record<'header' | 'query' | 'field', Set<string>> = {
  header: new Set(['key', 'signature', 'session', 'auth']),
  query: new Set(['key', 'sig', 'signature', 'auth']),
  field: new Set(),
};

/** Does this header, query parameter or body field name hold a credential? */
export function isSecretName(name: string, place: 'header' | 'query' | 'field' = 'field'): boolean {
  if (place === 'header' && SECRET_HEADER.test(name)) return true;
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
  const last = words.at(-1) ?? '';
  return LAST_WORD.has(last) || LAST_TWO.has(words.slice(-2).join('_')) || EXTRA[place].has(last);
}

/** True when the text holds a `${...}` expression (so it is not a literal to hide). */
export function hasExpression(text: string): boolean {
  try {
    return !compileTemplate(text).constant;
  } catch {
    return true;
  }
}

/** `X-Api-Key` -> `X_API_KEY`; `client secret` -> `CLIENT_SECRET`. */
export function envName(text: string): string {
  const name = text.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '').toUpperCase();
  return /^[A-Z_]/.test(name) ? name : `S_${name}`;
}

/** Hands out env variable names for secret values: one name per distinct value. */
export class SecretVault {
  private readonly byValue = new Map<string, string>();
  private readonly taken = new Set<string>();
  private readonly notes: Notes;
  private readonly uses = new Map<string, { note: ConvertNote | undefined; count: number }>();

  constructor(notes: Notes) {
    this.notes = notes;
  }

  /** Reserves names the plan already uses for other things (BASE_URL). */
  reserve(name: string): void {
    this.taken.add(name);
  }

  /**
   * The `${env.NAME}` reference replacing `value` (kept as it is when it already holds an expression or is empty).
   * `what` describes the place for the report: `header Authorization`.
   */
  hide(value: string, base: string, where: string, what: string): string {
    if (value === '' || hasExpression(value)) return value;
    let name = this.byValue.get(value);
    if (name === undefined) {
      const root = envName(base) || 'SECRET';
      name = root;
      for (let i = 2; this.taken.has(name); i++) name = `${root}_${i}`;
      this.taken.add(name);
      this.byValue.set(value, name);
      this.notes.add('secret', where, `${what}: the value was replaced by \${env.${name}} (it is not written to the plan); run with --env ${name}=...`);
      this.uses.set(name, { note: this.notes.list.at(-1), count: 1 });
    } else {
      const use = this.uses.get(name);
      if (use?.note) use.note.message = use.note.message.replace(/( \(and \d+ more places?\))?$/, ` (and ${use.count} more place${use.count === 1 ? '' : 's'})`);
      if (use) use.count++;
    }
    return `\${env.${name}}`;
  }
}
