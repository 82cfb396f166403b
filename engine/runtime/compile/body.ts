/** Request bodies: JSON, form, text or a file, with their default content types. */
import type { Request } from '../../plan/schema/index.ts';
import { compileTemplate, type Template, type TemplateContext } from '../../template/index.ts';
import { NO_CTX } from './no-context.ts';
import { compileJsonBody, type JsonBody } from './json-body.ts';

export type CompiledBody =
  | { kind: 'json'; json: JsonBody; contentType: string }
  | {
      kind: 'form';
      fields: [string, Template][];
      contentType: string;
      /** The encoded body when every field is constant. */ text: string | undefined;
    }
  | { kind: 'text'; text: Template; contentType: string }
  | { kind: 'file'; data: Buffer; contentType: string };

export function compileBody(r: Request, files: ReadonlyMap<string, Buffer>): CompiledBody | undefined {
  if (r.json !== undefined) return { kind: 'json', json: compileJsonBody(r.json), contentType: 'application/json' };
  if (r.form !== undefined) {
    const fields = Object.entries(r.form).flatMap(([k, v]) =>
      (Array.isArray(v) ? v : [v]).map((x) => [k, compileTemplate(String(x))] as [string, Template]),
    );
    const form: CompiledBody = {
      kind: 'form',
      fields,
      contentType: 'application/x-www-form-urlencoded',
      text: undefined,
    };
    if (fields.every(([, t]) => t.constant)) form.text = encodeForm(fields, NO_CTX);
    return form;
  }
  if (r.text !== undefined)
    return { kind: 'text', text: compileTemplate(r.text), contentType: 'text/plain; charset=utf-8' };
  if (r.file !== undefined) {
    const path = typeof r.file === 'string' ? r.file : r.file.path;
    const data = files.get(path);
    if (!data) throw new Error(`body file ${path} was not loaded`);
    const contentType = (typeof r.file === 'object' ? r.file.contentType : undefined) ?? contentTypeFor(path);
    return { kind: 'file', data, contentType };
  }
  return undefined;
}

export function renderBody(b: CompiledBody, ctx: TemplateContext): string | Buffer {
  switch (b.kind) {
    case 'json':
      return b.json.constant ? b.json.text : b.json.build(ctx);
    case 'form':
      return b.text ?? encodeForm(b.fields, ctx);
    case 'text':
      return b.text.render(ctx);
    case 'file':
      return b.data;
  }
}

function encodeForm(fields: readonly [string, Template][], ctx: TemplateContext): string {
  return fields.map(([k, t]) => `${encodeURIComponent(k)}=${encodeURIComponent(t.render(ctx))}`).join('&');
}

const TYPES: Record<string, string> = {
  json: 'application/json',
  xml: 'application/xml',
  txt: 'text/plain',
  csv: 'text/csv',
  html: 'text/html',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  pdf: 'application/pdf',
};

function contentTypeFor(path: string): string {
  return TYPES[path.slice(path.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
}
