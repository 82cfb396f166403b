/**
 * Correlation: a value a response produced (a CSRF token in a hidden input, a bearer token in JSON, an id in a
 * redirect's URL) that later requests send back must be extracted on every replay, not replayed as recorded.
 * Responses are scanned in order; a candidate becomes a correlation when a later request sends it and no request
 * sent it before the response produced it (then the client knew it: user input, not server state).
 */
import { createHash } from 'node:crypto';
import type { Extractor } from '../../plan/schema/index.ts';
import type { DraftRequest } from '../draft.ts';
import type { Candidate } from './candidate.ts';
import { candidatesOf, verify } from './candidates.ts';
import type { Confidence, SourceKind } from './kinds.ts';
import type { RecordedStep } from './steps.ts';
import { replaceUses, type Use } from './uses.ts';
import { occurrences } from './values.ts';
import { variableNames } from './variable-names.ts';

export interface CorrelationUse extends Use {
  entryId: number;
}

export interface Correlation {
  /** Stable for the same recording and source: propose, then accept by id. */
  id: string;
  variable: string;
  value: string;
  source: { entryId: number; where: SourceKind; name: string; extractor: Extractor };
  uses: CorrelationUse[];
  /** high: a token by its source or shape; medium: an id-like value; low: a short or plain number. */
  confidence: Confidence;
}

export function findCorrelations(steps: readonly RecordedStep[], drafts: readonly DraftRequest[]): Correlation[] {
  const texts = drafts.map(requestText);
  // All request texts in one string (with where each ends): one search tells whether a value is ever sent again.
  const ends: number[] = [];
  const joined = texts.reduce((all, t) => {
    const out = `${all}${t}\n\u0000\n`;
    ends.push(out.length);
    return out;
  }, '');
  const sentIn = (value: string, from: number, to: number): boolean => {
    const at = joined.indexOf(value, from);
    return at >= 0 && at < to;
  };
  const found: Omit<Correlation, 'variable' | 'id'>[] = [];
  const hints: string[] = [];
  const taken = new Set<string>();
  steps.forEach((step, i) => {
    const byValue = new Map<string, Candidate[]>();
    const after = ends[i]!;
    for (const c of candidatesOf(step)) {
      if (taken.has(c.value)) continue;
      const list = byValue.get(c.value);
      if (list) {
        list.push(c);
        continue;
      }
      if (!sentIn(c.value, after, joined.length) && !sentIn(encodeURIComponent(c.value), after, joined.length))
        continue;
      byValue.set(c.value, [c]);
    }
    for (const list of byValue.values()) {
      // The clearest source whose extraction gets the value back from the recorded response.
      const c = list.sort((a, b) => rank(a) - rank(b)).find((k) => verify(k, step.last));
      if (!c) continue;
      const encoded = encodeURIComponent(c.value);
      // Sent before (or by this very request): the client had it, the server did not make it up.
      if (
        texts
          .slice(0, i + 1)
          .some((t) => occurrences(t, c.value).length > 0 || (encoded !== c.value && t.includes(encoded)))
      )
        continue;
      const uses: CorrelationUse[] = [];
      for (let j = i + 1; j < drafts.length; j++) {
        if (!texts[j]!.includes(c.value) && !texts[j]!.includes(encoded)) continue;
        for (const u of replaceUses(drafts[j]!, c.value, 'x').uses) uses.push({ ...u, entryId: steps[j]!.first.id });
      }
      if (uses.length === 0) continue;
      taken.add(c.value);
      hints.push(c.hint);
      found.push({
        value: c.value,
        source: { entryId: step.last.id, where: c.where, name: c.name, extractor: c.extractor },
        uses,
        confidence: confidence(c, uses),
      });
    }
  });
  const names = variableNames(hints);
  return found.map((f, i) => ({ id: correlationId(f), variable: names[i]!, ...f }));
}

/** Prefer the clearest source for the same value: a form input or JSON field over a header or a URL part. */
function rank(c: Candidate): number {
  return ['html-input', 'html-meta', 'json', 'header', 'set-cookie', 'location'].indexOf(c.where);
}

function confidence(c: Candidate, uses: readonly Use[]): Correlation['confidence'] {
  if (c.strong || c.value.length >= 16) return 'high';
  if (/\d/.test(c.value) && /[A-Za-z]/.test(c.value)) return 'medium';
  // A number from a field named like an id (orderId, user_id) is one.
  if (
    /(^|[^a-z])id$|[a-z]Id$/.test(
      c.name
        .split(/[.[\]'$]+/)
        .filter(Boolean)
        .at(-1) ?? '',
    )
  )
    return 'medium';
  return uses.length > 1 ? 'medium' : 'low';
}

/** Where it comes from and what it is, hashed: the same proposal has the same id on every call. */
function correlationId(f: Omit<Correlation, 'variable' | 'id'>): string {
  const key = `${f.source.entryId}|${f.source.where}|${f.source.name}|${f.value}`;
  return `c_${createHash('sha256').update(key).digest('hex').slice(0, 12)}`;
}

/** Everything a request sends except its cookies (the jar's), as one text to search. */
function requestText(d: DraftRequest): string {
  const body =
    d.body?.kind === 'json'
      ? JSON.stringify(d.body.value)
      : d.body?.kind === 'form'
        ? d.body.fields.map(([k, v]) => `${k}=${v}`).join('&')
        : d.body?.kind === 'text'
          ? d.body.text
          : '';
  return [d.url, ...d.headers.filter(([k]) => k.toLowerCase() !== 'cookie').map(([k, v]) => `${k}: ${v}`), body].join(
    '\n',
  );
}
