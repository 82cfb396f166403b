/**
 * curl's data options -> a plan body: -d/--data-raw/--data-binary pieces joined with `&`, --data-urlencode
 * encoded, --json with its headers, @file as a file body, -F as multipart text. The Content-Type curl would send
 * is made explicit, and a body that is JSON or a form becomes `json:` / `form:` so it can be edited.
 */
import { classify } from '../classify-body.ts';
import { literal, type DraftBody, type Notes } from '../draft.ts';
import { multipartText } from '../multipart.ts';
import type { CurlCall, DataPiece } from './parse.ts';

const unescape = (t: string): string => t.replaceAll('$${', '${');

export function curlBody(
  call: CurlCall,
  headers: [string, string][],
  where: string,
  notes: Notes,
): { body?: DraftBody; query?: string } {
  const has = (name: string): boolean => headers.some(([k]) => k.toLowerCase() === name);
  if (call.form.length > 0) return { body: multipart(call, headers, where, notes) };
  if (call.upload !== undefined) return { body: { kind: 'file', path: call.upload } };
  if (call.data.length === 0) return {};
  const isJson = call.data.some((p) => p.kind === 'json');
  if (isJson) {
    if (!has('content-type')) headers.push(['Content-Type', 'application/json']);
    if (!has('accept')) headers.push(['Accept', 'application/json']);
  }
  const single = call.data.length === 1 ? call.data[0] : undefined;
  const file = single && fileOf(single);
  if (file !== undefined && !call.get) {
    if (single?.kind === 'data')
      notes.add(
        'approximated',
        where,
        `-d @${file}: curl strips newlines from the file; the plan sends it as it is (use --data-binary semantics)`,
      );
    return { body: { kind: 'file', path: file } };
  }
  const text = call.data.map((p, i) => (i > 0 && p.kind !== 'json' ? '&' : '') + pieceText(p, where, notes)).join('');
  if (call.get) return { query: text };
  if (!has('content-type')) headers.push(['Content-Type', 'application/x-www-form-urlencoded']);
  const type = headers.find(([k]) => k.toLowerCase() === 'content-type')?.[1].toLowerCase() ?? '';
  return { body: classify(text, type) };
}

function fileOf(p: DataPiece): string | undefined {
  if (
    (p.kind === 'data' || p.kind === 'binary' || p.kind === 'json') &&
    !p.value.dynamic &&
    p.value.text.startsWith('@') &&
    p.value.text !== '@-'
  ) {
    return unescape(p.value.text.slice(1));
  }
  return undefined;
}

function pieceText(p: DataPiece, where: string, notes: Notes): string {
  const t = p.value.text;
  if (p.kind !== 'raw' && !p.value.dynamic && t.startsWith('@')) {
    notes.add(
      'not-imported',
      where,
      `data from ${t} cannot be joined with other data in a plan; the text '${t}' is sent instead`,
    );
    return t;
  }
  if (p.kind !== 'urlencode') return t;
  if (p.value.dynamic) {
    notes.add('approximated', where, `--data-urlencode ${t}: holds an environment variable, sent without URL-encoding`);
    return t;
  }
  // name=content, =content, content, name@file, @file (curl's forms)
  const raw = unescape(t);
  const at = raw.indexOf('@');
  const eq = raw.indexOf('=');
  if (at >= 0 && (eq < 0 || at < eq)) {
    notes.add(
      'not-imported',
      where,
      `--data-urlencode ${raw}: files are not read during import; the text is sent as it is`,
    );
    return t;
  }
  if (eq < 0) return literal(encodeURIComponent(raw));
  return (eq > 0 ? literal(raw.slice(0, eq)) + '=' : '') + literal(encodeURIComponent(raw.slice(eq + 1)));
}

function multipart(call: CurlCall, headers: [string, string][], where: string, notes: Notes): DraftBody {
  const parts = [];
  for (const f of call.form) {
    const eq = f.value.text.indexOf('=');
    if (eq <= 0) {
      notes.add('not-imported', where, `-F ${f.value.text}: not name=value`);
      continue;
    }
    const name = f.value.text.slice(0, eq);
    let value = f.value.text.slice(eq + 1);
    let contentType: string | undefined;
    if (!f.literal) {
      const type = /;type=([^;]+)/.exec(value);
      if (type?.[1]) {
        contentType = type[1];
        value = value.replace(type[0], '');
      }
      if (value.startsWith('@') || value.startsWith('<')) {
        notes.add(
          'not-imported',
          where,
          `-F ${name}=${value}: the file part was left out (a plan body is one file or one text, not a multipart with files)`,
        );
        continue;
      }
    }
    parts.push({ name, value, ...(contentType ? { contentType } : {}) });
  }
  const built = multipartText(parts);
  headers.splice(0, headers.length, ...headers.filter(([k]) => k.toLowerCase() !== 'content-type'), [
    'Content-Type',
    built.contentType,
  ]);
  notes.add('approximated', where, 'multipart form (-F) rebuilt as a text body with a fixed boundary');
  return { kind: 'text', text: built.text };
}
