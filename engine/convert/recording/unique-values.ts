/**
 * Typed values a replay must not send twice. A form that creates something (a group, a user, a project) usually
 * refuses a name that exists already: the recorded name exists after the recording, so every replay is refused
 * (and answers 200 with the form and an error). Each value typed into such a form is proposed with a unique
 * suffix (`Editors-${uuid()}`) for the user to accept in the review, as correlations are; creation forms (a path
 * with add, new, create, register, signup...) are suggested. Login forms (one password field, no sign-up path) are
 * left alone.
 */
import { createHash } from 'node:crypto';
import type { DraftBody, DraftRequest } from '../draft.ts';
import { isRedacted, isSecretField, looksLikeCredential } from '../secrets.ts';
import { formOf } from './form-fields.ts';
import { isSubmission, pathAndQuery, type RecordedStep } from './steps.ts';
import { escapeRegex } from './values.ts';

export interface UniqueValue {
  /** Stable for the same recording and field: propose, then accept by id. */
  id: string;
  entryId: number;
  /** The form field. */
  field: string;
  /** As recorded (template text). */
  value: string;
  /** What the field sends instead: the value with a unique part. */
  replacement: string;
  /** Pre-ticked: the form creates something. */
  suggested: boolean;
}

const CREATES = /(^|[/_.-])(add|new|create|register|signup|sign-up|join|invite)([/_.?-]|$)/i;
const EMAIL = /^([^@\s]+)@([^@\s]+)$/;
const PASSWORD = /password|passwd|^pass$|^pwd$/i;

export function findUniqueValues(steps: readonly RecordedStep[], drafts: readonly DraftRequest[]): UniqueValue[] {
  const out: UniqueValue[] = [];
  steps.forEach((step, i) => {
    const body = drafts[i]?.body;
    if (!isSubmission(step.first) || !body || (body.kind !== 'form' && body.kind !== 'text')) return;
    const form = formOf(steps, i);
    const fields = fieldsOf(body);
    const creates = CREATES.test(pathAndQuery(step.first.url).split('?', 1)[0]!);
    const passwords = Math.max(form?.passwords ?? 0, fields.filter(([k]) => PASSWORD.test(k)).length);
    // One password and no sign-up: a login, whose user name must stay the recorded one.
    if (!form || form.typed.size === 0 || (passwords === 1 && !creates)) return;
    for (const [field, value] of fields) {
      // A credential typed into a text field (an API key for an integration) stays the secrets pass's: never suffixed.
      if (
        !form.typed.has(field) ||
        value.trim() === '' ||
        value.includes('${') ||
        isSecretField(field, value) ||
        looksLikeCredential(value) ||
        isRedacted(value)
      )
        continue;
      const key = `${step.first.id}|${field}|${value}`;
      out.push({
        id: `u_${createHash('sha256').update(key).digest('hex').slice(0, 12)}`,
        entryId: step.first.id,
        field,
        value,
        replacement: unique(value),
        suggested: creates,
      });
    }
  });
  return out;
}

/** The drafts with the accepted values replaced in their submissions (new drafts; the list is not changed). */
export function applyUniqueValues(
  steps: readonly RecordedStep[],
  drafts: readonly DraftRequest[],
  accepted: readonly UniqueValue[],
): DraftRequest[] {
  return drafts.map((d, i) => {
    const mine = accepted.filter((u) => u.entryId === steps[i]!.first.id);
    if (mine.length === 0 || !d.body) return d;
    return { ...d, body: mine.reduce((b, u) => replaceField(b, u), d.body) };
  });
}

/** `Editors` -> `Editors-${uuid()}`; an e-mail address keeps its domain: `ann-${uuid()}@example.com`. */
function unique(value: string): string {
  const m = EMAIL.exec(value);
  return m ? `${m[1]}-\${uuid()}@${m[2]}` : `${value}-\${uuid()}`;
}

/** Fields of a urlencoded form, or of a multipart body kept as text. */
function fieldsOf(body: DraftBody): [string, string][] {
  if (body.kind === 'form') return body.fields;
  if (body.kind !== 'text') return [];
  return [
    ...body.text.matchAll(/Content-Disposition: form-data; name="([^"]+)"\r\n(?:[^\r\n]+\r\n)*\r\n([^\r]*)\r\n--/gi),
  ]
    .filter((m) => !/filename=/i.test(m[0]))
    .map((m) => [m[1]!, m[2]!]);
}

function replaceField(b: DraftBody, u: UniqueValue): DraftBody {
  if (b.kind === 'form')
    return {
      kind: 'form',
      fields: b.fields.map(([k, v]): [string, string] => [k, k === u.field && v === u.value ? u.replacement : v]),
    };
  if (b.kind !== 'text') return b;
  const re = new RegExp(
    `(Content-Disposition: form-data; name="${escapeRegex(u.field)}"\\r\\n(?:[^\\r\\n]+\\r\\n)*\\r\\n)${escapeRegex(u.value)}(\\r\\n--)`,
    'i',
  );
  return {
    kind: 'text',
    text: b.text.replace(re, (_m, head: string, tail: string) => `${head}${u.replacement}${tail}`),
  };
}
