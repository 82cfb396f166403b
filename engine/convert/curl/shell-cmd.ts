/**
 * Splits Windows cmd text (Chrome's and Edge's "Copy as cURL (cmd)") in the two passes Windows makes:
 * cmd.exe first (`^x` escapes x, `^` at a line end continues the line, `"` toggles quoting, `%NAME%` expands),
 * then the C runtime splits arguments (`"` groups, `\"` is a quote, backslashes only matter before a quote).
 * `%NAME%` becomes `${env.NAME}`.
 */
import { ConvertError } from '../types.ts';
import { WordBuilder, type Command } from './words.ts';

const ENV_START = '\uE000';
const ENV_END = '\uE001';

/** True when the text looks like cmd rather than bash: caret escapes or caret line continuations. */
export function looksLikeCmd(text: string): boolean {
  return /\^"/.test(text) || /\s\^\r?\n/.test(text) || (/%[A-Za-z_][A-Za-z0-9_]*%/.test(text) && !/\\\r?\n/.test(text));
}

export function splitCmd(text: string): Command[] {
  return cmdLines(text)
    .map(({ text: line, line: at }) => ({ words: crtSplit(line, at), line: at, dropped: [] }))
    .filter((c) => c.words.length > 0);
}

/** Pass 1, cmd.exe: caret escapes, continuations, quoting state and %VAR%; one entry per logical line. */
function cmdLines(text: string): { text: string; line: number }[] {
  const s = text.replace(/\r\n?/g, '\n');
  const out: { text: string; line: number }[] = [];
  let cur = '';
  let start = 1;
  let line = 1;
  let quoted = false;
  let quoteLine = 1;
  for (let i = 0; i < s.length; i++) {
    const c = s[i] as string;
    if (c === '\n') {
      line++;
      if (quoted)
        throw new ConvertError(
          `line ${quoteLine}: unterminated quote in curl command: close it, or paste the whole command`,
        );
      out.push({ text: cur, line: start });
      cur = '';
      start = line;
      continue;
    }
    if (c === '"') {
      quoted = !quoted;
      quoteLine = line;
      cur += c;
      continue;
    }
    if (c === '^' && !quoted) {
      const next = s[i + 1];
      if (next === '\n') {
        // `^` + newline continues the line; `^` + two newlines is an escaped newline (a literal one).
        line++;
        i++;
        if (s[i + 1] === '\n') {
          cur += '\n';
          line++;
          i++;
        }
        continue;
      }
      if (next !== undefined) {
        cur += next;
        i++;
      }
      continue;
    }
    if (c === '%') {
      const m = /^%([A-Za-z_][A-Za-z0-9_]*)%/.exec(s.slice(i));
      if (m?.[1]) {
        cur += ENV_START + m[1] + ENV_END;
        i += m[0].length - 1;
        continue;
      }
    }
    cur += c;
  }
  if (quoted)
    throw new ConvertError(
      `line ${quoteLine}: unterminated quote in curl command: close it, or paste the whole command`,
    );
  out.push({ text: cur, line: start });
  return out.filter((l) => l.text.trim() !== '' && !/^\s*(rem\s|::)/i.test(l.text));
}

/** Pass 2, the C runtime's argv rules. */
function crtSplit(s: string, line: number): Command['words'] {
  const words: Command['words'] = [];
  let w = new WordBuilder(line);
  let quoted = false;
  let i = 0;
  while (i < s.length) {
    const c = s[i] as string;
    if ((c === ' ' || c === '\t') && !quoted) {
      if (w.started) words.push(w.done());
      w = new WordBuilder(line);
      i++;
      continue;
    }
    if (c === '\\') {
      let n = 0;
      while (s[i + n] === '\\') n++;
      if (s[i + n] === '"') {
        for (let k = 0; k < Math.floor(n / 2); k++) w.char('\\');
        if (n % 2 === 1) w.char('"');
        else quoted = !quoted;
        w.started = true;
        i += n + 1;
      } else {
        for (let k = 0; k < n; k++) w.char('\\');
        i += n;
      }
      continue;
    }
    if (c === '"') {
      w.started = true;
      if (quoted && s[i + 1] === '"') {
        w.char('"');
        i += 2;
        continue;
      }
      quoted = !quoted;
      i++;
      continue;
    }
    if (c === ENV_START) {
      const end = s.indexOf(ENV_END, i);
      w.env(s.slice(i + 1, end));
      i = end + 1;
      continue;
    }
    w.char(c);
    i++;
  }
  if (quoted)
    throw new ConvertError(`line ${line}: unterminated quote in curl command: close it, or paste the whole command`);
  if (w.started) words.push(w.done());
  return words;
}
