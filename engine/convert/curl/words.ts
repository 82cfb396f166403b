/**
 * A shell word as the curl importer sees it: plan template text (literal parts with `${` escaped, shell variables
 * `$NAME` / `%NAME%` as `${env.NAME}`) and the line it starts on. One pasted text may hold several commands.
 */
import { literal } from '../draft.ts';

export interface Word {
  /** Template text: literal parts escaped, environment references as `${env.NAME}`. */
  text: string;
  /** True when the word holds an environment reference (then `@file` and similar syntax is not looked for). */
  dynamic: boolean;
  line: number;
}

export interface Command {
  words: Word[];
  /** Line of the first word. */
  line: number;
  /** What the shell would have done that a plan cannot (pipes, command substitution, redirections). */
  dropped: string[];
}

/** Builds a word piece by piece from literal characters and environment references. */
export class WordBuilder {
  private readonly parts: ({ lit: string } | { env: string; fallback?: string })[] = [];
  started = false;
  readonly line: number;

  constructor(line: number) {
    this.line = line;
  }

  char(c: string): void {
    this.started = true;
    const last = this.parts.at(-1);
    if (last && 'lit' in last) last.lit += c;
    else this.parts.push({ lit: c });
  }

  env(name: string, fallback?: string): void {
    this.started = true;
    this.parts.push(fallback === undefined ? { env: name } : { env: name, fallback });
  }

  done(): Word {
    let text = '';
    this.parts.forEach((p, i) => {
      if ('env' in p) {
        text += `\${env.${p.env}${p.fallback !== undefined ? `:-${p.fallback}` : ''}}`;
        return;
      }
      let lit = literal(p.lit);
      // A literal `$` right before `${env.X}` would read as the escape `$${`: write it as an expression.
      if (lit.endsWith('$') && this.parts[i + 1] !== undefined) lit = `${lit.slice(0, -1)}\${'$'}`;
      text += lit;
    });
    return { text, dynamic: this.parts.some((p) => 'env' in p), line: this.line };
  }
}
