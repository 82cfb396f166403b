/**
 * Hands out `${env.NAME}` references for the credentials of one import and remembers their values, so that a
 * value the input sends as a credential is replaced wherever else it appears (a URL path, a text body, a note).
 * The same value gets the same name (a token used by twenty requests is one variable); each redacted placeholder
 * (`REDACTED`) gets the name of its own field, because the placeholders are all alike but the values were not.
 */
import type { Notes } from './draft.ts';
import { envName, hasExpression, isRedacted } from './secrets.ts';
import type { ConvertNote } from './types.ts';
import { valueScrubber, type Scrubber } from './secret-scrub.ts';

/** Shorter values are replaced only in the place that names them, not wherever they appear (too many false hits). */
export const MIN_SCRUB_LENGTH = 6;

interface Use {
  note: ConvertNote | undefined;
  count: number;
}

/** Words that schemas and docs put where a value goes: hidden where they stand, not hunted elsewhere. */
const GENERIC = new Set([
  'string',
  'password',
  'secret',
  'example',
  'changeme',
  'value',
  'sample',
  'token',
  'placeholder',
]);

export class SecretVault {
  private readonly byValue = new Map<string, string>();
  private readonly byPlaceholder = new Map<string, string>();
  private readonly taken = new Set<string>();
  private readonly next = new Map<string, number>();
  private readonly notes: Notes;
  private readonly uses = new Map<string, Use>();
  /** Names of values only learned (no place named them): reported once the scrub used them. */
  private readonly learned = new Map<string, { where: string; what: string; used: boolean }>();
  private scrubber: Scrubber | undefined;
  private readonly scrubValues: boolean;

  /** `scrubValues: false` when the values are examples, not credentials (an API description): hidden by place only. */
  constructor(notes: Notes, o: { scrubValues?: boolean } = {}) {
    this.notes = notes;
    this.scrubValues = o.scrubValues ?? true;
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
    if (isRedacted(value)) return this.placeholder(value, base, where, what);
    let name = this.byValue.get(value);
    if (name !== undefined && !this.learned.has(name)) {
      this.countUse(name);
      return `\${env.${name}}`;
    }
    if (name === undefined) name = this.name(value, base);
    this.learned.delete(name);
    this.notes.add(
      'secret',
      where,
      `${what}: the value was replaced by \${env.${name}} (it is not written to the plan); run with --env ${name}=...`,
    );
    this.uses.set(name, { note: this.notes.list.at(-1), count: 1 });
    return `\${env.${name}}`;
  }

  /** A value the input sends as a credential inside something larger (a cookie, a text body): replaced where it appears. */
  learn(value: string, base: string, where: string, what: string): void {
    if (value.length < MIN_SCRUB_LENGTH || hasExpression(value) || isRedacted(value) || this.byValue.has(value)) return;
    const name = this.name(value, base);
    this.learned.set(name, { where, what, used: false });
  }

  /** Template text with every known secret value replaced by its `${env.NAME}`. */
  scrub(template: string): string {
    return this.byValue.size === 0 || !this.scrubValues ? template : this.scrubbing().template(template);
  }

  /** Plain text (a note) with every known secret value replaced by its `${env.NAME}`. */
  scrubText(text: string): string {
    return this.byValue.size === 0 || !this.scrubValues ? text : this.scrubbing().text(text);
  }

  /** Reports the learned values the scrub replaced somewhere. */
  finish(): void {
    for (const [name, l] of this.learned) {
      if (!l.used) continue;
      this.notes.add(
        'secret',
        l.where,
        `${l.what}: the value is a credential and also appeared elsewhere (a URL, a text body); it was replaced there by \${env.${name}}; run with --env ${name}=...`,
      );
    }
  }

  private scrubbing(): Scrubber {
    if (this.scrubber) return this.scrubber;
    const hunted = new Map([...this.byValue].filter(([v]) => !GENERIC.has(v.toLowerCase())));
    this.scrubber = valueScrubber(hunted, (name) => {
      const l = this.learned.get(name);
      if (l) l.used = true;
      else this.countUse(name);
    });
    return this.scrubber;
  }

  private name(value: string, base: string): string {
    const name = this.fresh(envName(base) || 'SECRET');
    this.byValue.set(value, name);
    this.scrubber = undefined;
    return name;
  }

  private placeholder(value: string, base: string, where: string, what: string): string {
    const root = envName(base) || 'SECRET';
    let name = this.byPlaceholder.get(root);
    if (name === undefined) {
      name = this.fresh(root);
      this.byPlaceholder.set(root, name);
      this.notes.add(
        'secret',
        where,
        `${what}: the source holds the placeholder '${value}' (the value was redacted): the plan reads \${env.${name}}; run with --env ${name}=...`,
      );
      this.uses.set(name, { note: this.notes.list.at(-1), count: 1 });
    } else this.countUse(name);
    return `\${env.${name}}`;
  }

  /** `ROOT`, else `ROOT_2`, `ROOT_3`... (counted per root: a recording may have thousands of one cookie's values). */
  private fresh(root: string): string {
    let i = this.next.get(root) ?? 1;
    let name = i === 1 ? root : `${root}_${i}`;
    while (this.taken.has(name)) name = `${root}_${++i}`;
    this.next.set(root, i + 1);
    this.taken.add(name);
    return name;
  }

  private countUse(name: string): void {
    const use = this.uses.get(name);
    if (!use) return;
    if (use.note)
      use.note.message = use.note.message.replace(
        /( \(and \d+ more places?\))?$/,
        ` (and ${use.count} more place${use.count === 1 ? '' : 's'})`,
      );
    use.count++;
  }
}
