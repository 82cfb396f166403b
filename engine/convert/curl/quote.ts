/**
 * Plan templates as shell words. Literal text is quoted (bash: '...', cmd: Chrome's ^"...^" escaping);
 * `${env.NAME}` stays a reference (bash "$NAME" or "${NAME:-default}", cmd %NAME%) unless a value is given;
 * any other expression cannot be computed by a shell and is written as it is, with a note.
 */
import type { Notes } from '../draft.ts';
import { envRef, templateParts } from '../template-parts.ts';
import type { Shell } from '../types.ts';

export interface QuoteContext {
  shell: Shell;
  /** Values for environment variables; those not given stay shell references. */
  env: Record<string, string>;
  notes: Notes;
  where: string;
}

export function shellWord(template: string, q: QuoteContext): string {
  // bash: quoted pieces side by side ('Bearer '"$TOKEN"); cmd: one ^"...^" with %NAME% inside (cmd expands it there).
  const pieces: string[] = [];
  let literal = '';
  const flush = (): void => {
    if (literal !== '') pieces.push(q.shell === 'bash' ? bashQuote(literal) : cmdEscape(literal));
    literal = '';
  };
  for (const part of templateParts(template)) {
    if (part.kind === 'text') {
      if (q.shell === 'cmd' && part.text.includes('\r'))
        q.notes.add(
          'approximated',
          q.where,
          'carriage returns cannot be written in a cmd command: they are left out (use --shell bash)',
        );
      literal += part.text;
      continue;
    }
    const env = envRef(part);
    const value = env ? q.env[env.name] : undefined;
    if (env && value !== undefined) {
      literal += value;
      continue;
    }
    if (env) {
      flush();
      if (q.shell === 'cmd' || env.defaultText === undefined || !/[}"\\$`]/.test(env.defaultText)) {
        if (q.shell === 'cmd' && env.defaultText !== undefined)
          q.notes.add(
            'approximated',
            q.where,
            `${part.source}: cmd has no defaults for variables; the command reads %${env.name}% (set it first)`,
          );
        pieces.push(
          q.shell === 'bash'
            ? `"\${${env.name}${env.defaultText !== undefined ? `:-${env.defaultText}` : ''}}"`
            : `%${env.name}%`,
        );
      } else {
        q.notes.add(
          'approximated',
          q.where,
          `${part.source}: the default cannot be written in bash quotes; the command reads "$${env.name}" without it`,
        );
        pieces.push(`"$${env.name}"`);
      }
      continue;
    }
    q.notes.add(
      'not-exported',
      q.where,
      `${part.source} is computed by Loadsmith at run time; curl sends the text as it is`,
    );
    literal += part.source;
  }
  flush();
  if (q.shell === 'cmd') return `^"${pieces.join('')}^"`;
  return pieces.length === 0 ? "''" : pieces.join('');
}

export function bashQuote(s: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(s)) return s;
  if (!hasControl(s)) return `'${s.replaceAll("'", `'\\''`)}'`;
  // Control characters (CR of a multipart body): ANSI-C quoting, as Chrome does.
  const escaped = s
    .replace(/[\\']/g, '\\$&')
    .replace(/\r/g, '\\r')
    .replace(/\n/g, '\\n')
    .replace(/\t/g, '\\t')
    .replace(/[^\x20-\x7e\n\t\u0080-\uffff]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  return `$'${escaped}'`;
}

/** Chrome's "Copy as cURL (cmd)" escaping (inside ^"...^"): quotes through the C runtime, the rest caret-escaped. */
export function cmdEscape(s: string): string {
  return s
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/[^a-zA-Z0-9\s_\-:=+~'/.,?;()*`]/g, '^$&')
    .replace(/%(?=[a-zA-Z0-9_])/g, '%^')
    .replace(/\r?\n/g, '^\n\n');
}

/** Control characters (other than newline and tab) need ANSI-C quoting in bash. */
function hasControl(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c < 0x20 && c !== 0x0a && c !== 0x09) || c === 0x7f) return true;
  }
  return false;
}
