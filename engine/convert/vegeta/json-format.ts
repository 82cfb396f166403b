/** Vegeta's `-format=json` targets: one JSON object per line, `header` values are lists, `body` is base64. */
import { z } from 'zod';
import { classify } from '../classify-body.ts';
import { literal, type DraftRequest, type Notes } from '../draft.ts';
import { ConvertError } from '../types.ts';

const Target = z.object({
  method: z.string(),
  url: z.string().regex(/^https?:\/\//i, { error: 'must start with http:// or https://' }),
  header: z.record(z.string(), z.array(z.string())).optional(),
  body: z.string().optional(),
});

export function jsonTargets(text: string, label: string, notes: Notes): DraftRequest[] {
  const drafts: DraftRequest[] = [];
  text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .forEach((line, i) => {
      if (line.trim() === '') return;
      const where = `${label}: line ${i + 1}`;
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch (e) {
        throw new ConvertError(`${where}: not a JSON target: ${(e as Error).message}`);
      }
      const t = Target.safeParse(value);
      if (!t.success)
        throw new ConvertError(
          `${where}: ${t.error.issues.map((x) => `${x.path.join('.') || 'target'}: ${x.message}`).join('; ')}`,
        );
      const method = t.data.method.toUpperCase();
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'].includes(method))
        throw new ConvertError(`${where}: method ${method} is not supported by plans`);
      const headers = Object.entries(t.data.header ?? {}).flatMap(([k, vs]) =>
        vs.map((v) => [k, literal(v)] as [string, string]),
      );
      const d: DraftRequest = { method, url: literal(t.data.url), headers, where };
      if (t.data.body) {
        const bytes = Buffer.from(t.data.body, 'base64');
        const body = bytes.toString('utf8');
        if (
          Buffer.from(body, 'utf8').equals(bytes) &&
          ![...body].some((ch) => ch.charCodeAt(0) < 0x20 && !'\t\n\r'.includes(ch))
        ) {
          const type = headers.find(([k]) => k.toLowerCase() === 'content-type')?.[1].toLowerCase() ?? '';
          d.body = classify(literal(body), type);
        } else notes.add('not-imported', where, 'a binary body: save it to a file and use `file:` in the request');
      }
      drafts.push(d);
    });
  return drafts;
}
