/**
 * Postman body modes -> plan bodies: raw (JSON when it is JSON), urlencoded (form), formdata (multipart text;
 * file fields reported), file (a file body), graphql (a JSON body with query and variables).
 */
import { classify } from '../classify-body.ts';
import type { DraftBody, Notes } from '../draft.ts';
import { multipartText } from '../multipart.ts';
import type { PostmanBody } from './schema.ts';
import type { PostmanVariables } from './variables.ts';

export function convertBody(
  b: PostmanBody | null | undefined,
  headers: [string, string][],
  vars: PostmanVariables,
  where: string,
  notes: Notes,
): DraftBody | undefined {
  if (!b || b.disabled || !b.mode) return undefined;
  const t = (s: unknown): string => vars.text(s === undefined || s === null ? '' : String(s), where);
  const type = headers.find(([k]) => k.toLowerCase() === 'content-type')?.[1].toLowerCase() ?? '';
  switch (b.mode) {
    case 'raw': {
      if (b.raw === undefined || b.raw === '') return undefined;
      const language = b.options?.raw?.language;
      return classify(t(b.raw), type || (language === 'json' ? 'application/json' : ''));
    }
    case 'urlencoded': {
      const fields = (b.urlencoded ?? [])
        .filter((f) => !f.disabled)
        .map((f) => [t(f.key), t(f.value)] as [string, string]);
      return { kind: 'form', fields };
    }
    case 'formdata': {
      const parts = [];
      for (const f of b.formdata ?? []) {
        if (f.disabled) continue;
        if (f.type === 'file' || f.src !== undefined) {
          notes.add(
            'not-imported',
            where,
            `form-data file field '${f.key}' (${String(f.src ?? '')}): a plan cannot send files inside a multipart body`,
          );
          continue;
        }
        parts.push({ name: t(f.key), value: t(f.value), ...(f.contentType ? { contentType: f.contentType } : {}) });
      }
      const built = multipartText(parts);
      const at = headers.findIndex(([k]) => k.toLowerCase() === 'content-type');
      if (at >= 0) headers.splice(at, 1);
      headers.push(['Content-Type', built.contentType]);
      notes.add('approximated', where, 'form-data body rebuilt as a multipart text body with a fixed boundary');
      return { kind: 'text', text: built.text };
    }
    case 'file': {
      const src = typeof b.file?.src === 'string' ? b.file.src : '';
      if (!src) {
        notes.add('not-imported', where, 'a file body without a file path');
        return undefined;
      }
      return { kind: 'file', path: src }; // buildPlan asks the user to confirm the file
    }
    case 'graphql': {
      let variables: unknown = {};
      const raw = b.graphql?.variables?.trim();
      if (raw) {
        try {
          variables = JSON.parse(t(raw));
        } catch {
          notes.add('approximated', where, 'GraphQL variables are not valid JSON: sent as a string');
          variables = t(raw);
        }
      }
      if (!type) headers.push(['Content-Type', 'application/json']);
      return { kind: 'json', value: { query: t(b.graphql?.query ?? ''), variables } };
    }
    default:
      notes.add('not-imported', where, `body mode '${b.mode}' is not known`);
      return undefined;
  }
}
