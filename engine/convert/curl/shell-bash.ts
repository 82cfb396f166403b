/**
 * Splits bash (or sh/zsh) text into commands and words the way the shell would: '...', "...", $'...' (ANSI-C),
 * backslash escapes and line continuations, # comments. `$NAME` and `${NAME}` become `${env.NAME}`; `$(...)`,
 * pipes and redirections cannot be expressed in a plan and are reported.
 */
import { ConvertError } from '../types.ts';
import { WordBuilder, type Command } from './words.ts';

const ANSI: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  v: '\v',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '?': '?',
};
const NAME = /^[A-Za-z_][A-Za-z0-9_]*/;

export function splitBash(text: string): Command[] {
  const s = text.replace(/\r\n?/g, '\n');
  const commands: Command[] = [];
  let line = 1;
  let cmd: Command = { words: [], line: 1, dropped: [] };
  let w = new WordBuilder(1);
  const endWord = (): void => {
    if (w.started) cmd.words.push(w.done());
    w = new WordBuilder(line);
  };
  const endCommand = (): void => {
    endWord();
    if (cmd.words.length > 0) commands.push(cmd);
    cmd = { words: [], line, dropped: [] };
  };
  const unterminated = (kind: string, at: number): never => {
    throw new ConvertError(`line ${at}: unterminated ${kind} in curl command: close it, or paste the whole command`);
  };
  const variable = (i: number): number => {
    const rest = s.slice(i + 1);
    const braced = /^\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}$`"\\]*))?\}/.exec(rest);
    if (braced?.[1]) {
      w.env(braced[1], braced[2]);
      return i + braced[0].length + 1;
    }
    const plain = NAME.exec(rest);
    if (plain) {
      w.env(plain[0]);
      return i + plain[0].length + 1;
    }
    if (rest.startsWith('(')) {
      cmd.dropped.push(`line ${line}: command substitution $(...) cannot run in a plan; its text was kept as written`);
    }
    w.char('$');
    return i + 1;
  };

  let i = 0;
  while (i < s.length) {
    const c = s[i] as string;
    if (c === '\n') {
      line++;
      endCommand();
      i++;
      continue;
    }
    if (c === ' ' || c === '\t') {
      endWord();
      i++;
      continue;
    }
    if (c === '\\') {
      if (s[i + 1] === '\n') {
        line++;
        i += 2;
        continue;
      }
      if (i + 1 < s.length) w.char(s[i + 1] as string);
      i += 2;
      continue;
    }
    if (c === '#' && !w.started) {
      while (i < s.length && s[i] !== '\n') i++;
      continue;
    }
    if (c === ';' || c === '|' || c === '&' || c === '>' || c === '<') {
      const op = /^(\|\||&&|;|\||&|>>|>|<<|<)/.exec(s.slice(i))?.[0] ?? c;
      if (op === '&&' || op === ';' || op === '||') {
        endCommand();
        i += op.length;
        continue;
      }
      endWord();
      const rest = s.slice(i).split('\n')[0] as string;
      cmd.dropped.push(
        `line ${line}: '${rest.trim()}' (pipes, redirections and background jobs do not exist in a plan)`,
      );
      i += rest.length;
      continue;
    }
    if (c === "'") {
      const end = s.indexOf("'", i + 1);
      if (end < 0) unterminated("' quote", line);
      w.started = true;
      for (const ch of s.slice(i + 1, end)) {
        if (ch === '\n') line++;
        w.char(ch);
      }
      i = end + 1;
      continue;
    }
    if (c === '$' && s[i + 1] === "'") {
      i = ansiQuoted(
        s,
        i + 2,
        w,
        () => line++,
        () => unterminated("$' quote", line),
      );
      continue;
    }
    if (c === '"') {
      const start = line;
      w.started = true;
      i++;
      while (i < s.length && s[i] !== '"') {
        const ch = s[i] as string;
        if (ch === '\\' && '$`"\\\n'.includes(s[i + 1] ?? '')) {
          if (s[i + 1] === '\n') line++;
          else w.char(s[i + 1] as string);
          i += 2;
        } else if (ch === '$') i = variable(i);
        else {
          if (ch === '\n') line++;
          w.char(ch);
          i++;
        }
      }
      if (i >= s.length) unterminated('" quote', start);
      i++;
      continue;
    }
    if (c === '$') {
      i = variable(i);
      continue;
    }
    w.char(c);
    i++;
  }
  endCommand();
  return commands;
}

/** $'...': backslash escapes as in C; returns the index after the closing quote. */
function ansiQuoted(s: string, from: number, w: WordBuilder, newline: () => void, fail: () => never): number {
  w.started = true;
  let i = from;
  while (i < s.length && s[i] !== "'") {
    const ch = s[i] as string;
    if (ch !== '\\') {
      if (ch === '\n') newline();
      w.char(ch);
      i++;
      continue;
    }
    const next = s[i + 1] ?? '';
    const hex = /^(x[0-9a-fA-F]{1,2}|u[0-9a-fA-F]{1,4}|U[0-9a-fA-F]{1,8}|[0-7]{1,3})/.exec(s.slice(i + 1))?.[0];
    if (hex) {
      const code = /^[0-7]/.test(hex) ? parseInt(hex, 8) : parseInt(hex.slice(1), 16);
      w.char(String.fromCodePoint(code));
      i += 1 + hex.length;
    } else {
      w.char(ANSI[next] ?? `\\${next}`);
      i += 2;
    }
  }
  if (i >= s.length) fail();
  return i + 1;
}
