/**
 * Swagger 2.0 -> the OpenAPI 3 shape the importer reads: host/basePath/schemes as a server, body and formData
 * parameters as a requestBody (by `consumes`), securityDefinitions as securitySchemes. `$ref`s keep pointing into
 * the original document (definitions, parameters), which stays the resolution root.
 */
import { isObj, type Obj, type Refs } from './refs.ts';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'];

export function fromSwagger2(doc: Obj, refs: Refs): Obj {
  const schemes = Array.isArray(doc.schemes) ? doc.schemes.map(String) : [];
  const scheme = schemes.includes('https') ? 'https' : (schemes[0] ?? 'https');
  const basePath = typeof doc.basePath === 'string' ? doc.basePath.replace(/\/$/, '') : '';
  const servers =
    typeof doc.host === 'string'
      ? [{ url: `${scheme}://${doc.host}${basePath}` }]
      : basePath
        ? [{ url: basePath }]
        : [];
  const paths: Obj = {};
  for (const [path, itemRaw] of Object.entries(isObj(doc.paths) ? doc.paths : {})) {
    const item = refs.deref(itemRaw, path);
    const out: Obj = {};
    for (const m of Object.keys(item).filter((k) => METHODS.includes(k))) {
      const op = item[m];
      if (isObj(op))
        out[m] = operation(
          op,
          Array.isArray(item.parameters) ? item.parameters : [],
          doc,
          refs,
          `${m.toUpperCase()} ${path}`,
        );
    }
    paths[path] = out;
  }
  const schemesOut: Obj = {};
  for (const [name, raw] of Object.entries(isObj(doc.securityDefinitions) ? doc.securityDefinitions : {})) {
    const d = isObj(raw) ? raw : {};
    schemesOut[name] = d.type === 'basic' ? { type: 'http', scheme: 'basic' } : d;
  }
  return { ...doc, openapi: '3.0.0 (from Swagger 2.0)', servers, paths, components: { securitySchemes: schemesOut } };
}

function operation(op: Obj, pathParams: unknown[], doc: Obj, refs: Refs, where: string): Obj {
  const params = [...pathParams, ...(Array.isArray(op.parameters) ? op.parameters : [])].map((p) =>
    refs.deref(p, where),
  );
  const consumes = (
    Array.isArray(op.consumes) ? op.consumes : Array.isArray(doc.consumes) ? doc.consumes : ['application/json']
  ).map(String);
  const out: Obj = { ...op, parameters: params.filter((p) => p.in !== 'body' && p.in !== 'formData').map(parameter) };
  const body = params.find((p) => p.in === 'body');
  const form = params.filter((p) => p.in === 'formData');
  if (body) {
    const type = consumes.find((c) => /json/.test(c)) ?? consumes[0] ?? 'application/json';
    out.requestBody = {
      required: body.required === true,
      content: {
        [type]: {
          schema: body.schema ?? {},
          ...(body['x-example'] !== undefined ? { example: body['x-example'] } : {}),
        },
      },
    };
  } else if (form.length > 0) {
    const type = consumes.find((c) => c.startsWith('multipart/')) ?? 'application/x-www-form-urlencoded';
    const properties = Object.fromEntries(
      form.map((p) => [String(p.name), p.type === 'file' ? { type: 'string', format: 'binary' } : schemaOf(p)]),
    );
    out.requestBody = {
      content: {
        [type]: { schema: { type: 'object', properties, required: form.filter((p) => p.required).map((p) => p.name) } },
      },
    };
  }
  return out;
}

function parameter(p: Obj): Obj {
  return {
    name: p.name,
    in: p.in,
    required: p.required === true,
    schema: schemaOf(p),
    ...(p['x-example'] !== undefined ? { example: p['x-example'] } : {}),
  };
}

function schemaOf(p: Obj): Obj {
  const keys = ['type', 'format', 'items', 'enum', 'default', 'minimum', 'maximum', 'minLength', 'pattern'];
  return Object.fromEntries(keys.filter((k) => p[k] !== undefined).map((k) => [k, p[k]]));
}
