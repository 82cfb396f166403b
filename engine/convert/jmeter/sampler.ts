/**
 * An HTTP Request sampler -> a draft request: its fields completed by the HTTP Request Defaults in scope
 * (protocol, server, port, path), parameters as the query (GET and the like) or a urlencoded form, a raw body,
 * the headers of every Header Manager in scope (the nearest wins), basic auth from the Authorization Manager,
 * and its assertions and extractors. A file to upload is a body file the user must attach (`confirm`).
 */
import type { Auth, Check, Extractor } from '../../plan/schema/index.ts';
import { literal, type DraftRequest } from '../draft.ts';
import { multipartText } from '../multipart.ts';
import { encodeTemplate } from '../template-parts.ts';
import { argumentsOf, boolProp, collection, elementProp, numProp, prop } from './props.ts';
import { jmeterText, type TextScope } from './text.ts';
import type { JmxElement, XmlNode } from './xml.ts';

export interface HttpDefaults {
  protocol?: string;
  domain?: string;
  port?: string;
  path?: string;
  encoding?: string;
}
export interface AuthEntry {
  url: string;
  username: string;
  password: string;
  mechanism: string;
  where: string;
}

/** What the elements around a sampler give it (JMeter's scoping: config on the same level or above). */
export interface SamplerScope extends TextScope {
  defaults: HttpDefaults;
  headers: [string, string][];
  auth: AuthEntry[];
  checks: Check[];
  extract: Record<string, Extractor>;
}

const BODYLESS = new Set(['GET', 'HEAD', 'OPTIONS', 'DELETE', 'TRACE']);

/** HTTP Request Defaults (a ConfigTestElement) merged over the ones above. */
export function httpDefaults(props: readonly XmlNode[], above: HttpDefaults): HttpDefaults {
  const pick = (k: string): string | undefined => {
    const v = prop(props, `HTTPSampler.${k}`)?.trim();
    return v ? v : undefined;
  };
  return {
    ...above,
    ...strip({
      protocol: pick('protocol'),
      domain: pick('domain'),
      port: pick('port'),
      path: pick('path'),
      encoding: pick('contentEncoding'),
    }),
  };
}

export function samplerDraft(e: JmxElement, scope: SamplerScope): DraftRequest {
  const where = e.path.join(' › ');
  const t = (s: string): string => jmeterText(s, scope, where);
  const pick = (k: string): string | undefined => {
    const v = prop(e.props, `HTTPSampler.${k}`)?.trim();
    return v ? v : undefined;
  };
  const d = scope.defaults;
  const rawPath = pick('path') ?? d.path ?? '/';
  let url: string;
  if (/^https?:\/\//i.test(rawPath)) url = t(rawPath);
  else {
    const protocol = (pick('protocol') ?? d.protocol ?? 'http').toLowerCase();
    const domain = pick('domain') ?? d.domain;
    const port = pick('port') ?? d.port;
    if (!domain)
      scope.notes.add(
        'approximated',
        where,
        'no server name here nor in HTTP Request Defaults: http://localhost is used',
      );
    const defaultPort =
      port === undefined || (protocol === 'http' && port === '80') || (protocol === 'https' && port === '443');
    url = `${protocol}://${server(domain ?? 'localhost', scope, where)}${defaultPort ? '' : `:${server(port, scope, where)}`}${rawPath.startsWith('/') ? '' : '/'}${t(rawPath)}`;
  }
  const method = (pick('method') ?? 'GET').toUpperCase();
  const args = argumentsOf(elementProp(e.props, 'HTTPsampler.Arguments'));
  const draft: DraftRequest = { name: t(e.name), method, url, headers: [...scope.headers], where };
  if (boolProp(e.props, 'HTTPSampler.postBodyRaw')) {
    const text = args.map((a) => a.value).join('');
    if (text !== '') draft.body = { kind: 'text', text: t(text) };
  } else if (args.length > 0) {
    const pairs = args
      .filter((a) => a.name !== '' || a.value !== '')
      .map((a): [string, string] => [t(a.name), t(a.value)]);
    if (BODYLESS.has(method)) {
      const query = pairs.map(([k, v]) => `${encodeTemplate(k)}=${encodeTemplate(v)}`).join('&');
      draft.url += (draft.url.includes('?') ? '&' : '?') + query;
    } else if (boolProp(e.props, 'HTTPSampler.DO_MULTIPART_POST')) {
      const built = multipartText(pairs.map(([name, value]) => ({ name, value })));
      draft.body = { kind: 'text', text: built.text };
      draft.headers = [
        ...draft.headers.filter(([k]) => k.toLowerCase() !== 'content-type'),
        ['Content-Type', built.contentType],
      ];
    } else draft.body = { kind: 'form', fields: pairs };
  }
  const files = collection(elementProp(e.props, 'HTTPsampler.Files') ?? [], 'HTTPFileArgs.files').map((f) => ({
    path: prop(f, 'File.path') ?? '',
    param: prop(f, 'File.paramname') ?? '',
    type: prop(f, 'File.mimetype') ?? '',
  }));
  if (files.length === 1 && files[0]!.param === '' && draft.body === undefined) {
    draft.body = { kind: 'file', path: files[0]!.path, ...(files[0]!.type ? { contentType: files[0]!.type } : {}) };
  } else {
    for (const f of files)
      scope.notes.add(
        'not-imported',
        where,
        `file ${f.path}${f.param ? ` as form field '${f.param}'` : ''}: a plan cannot send files inside a form`,
      );
  }
  const auth = authFor(draft.url, scope);
  if (auth) draft.auth = auth;
  if (!boolProp(e.props, 'HTTPSampler.follow_redirects', true) && !boolProp(e.props, 'HTTPSampler.auto_redirects'))
    draft.maxRedirects = 0;
  const timeout = numProp(e.props, 'HTTPSampler.response_timeout');
  if (timeout !== undefined && timeout > 0)
    draft.timeout = `${timeout + (numProp(e.props, 'HTTPSampler.connect_timeout') ?? 0)}ms`;
  if (scope.checks.length > 0) draft.checks = [...scope.checks];
  if (Object.keys(scope.extract).length > 0) draft.extract = { ...scope.extract };
  return draft;
}

/**
 * A server name or port. Plans are pointed at a server with BASE_URL (the app's target field sets it), so a
 * JMeter property with a default (`${__P(host,localhost)}`, how JMeter plans are pointed) is its default here and
 * the report says BASE_URL replaces it.
 */
function server(text: string, scope: SamplerScope, where: string): string {
  const p = /^\$\{__(?:P|property)\(([^,()]+),(?:,)?([^,()]*)\)\}$/.exec(text.trim());
  if (p && p[2] !== '') {
    scope.notes.add(
      'info',
      `JMeter property ${p[1]}`,
      `the server's ${p[1]} (\${__P(${p[1]},...)}) is its default, ${p[2]}, in the base URL: set BASE_URL (http://host:port) to point the plan elsewhere`,
    );
    return literal(p[2]!);
  }
  return jmeterText(text, scope, where);
}

/** The first Authorization Manager entry whose URL starts the request's (or has none). */
function authFor(url: string, scope: SamplerScope): Auth | undefined {
  const entry = scope.auth.find((a) => a.url === '' || url.startsWith(a.url));
  if (!entry) return undefined;
  if (entry.mechanism !== 'BASIC' && entry.mechanism !== 'BASIC_DIGEST') {
    scope.notes.add(
      'not-imported',
      entry.where,
      `${entry.mechanism} authentication: Loadsmith sends basic, bearer and API key auth`,
    );
    return undefined;
  }
  return {
    type: 'basic',
    username: jmeterText(entry.username, scope, entry.where),
    password: jmeterText(entry.password, scope, entry.where),
  };
}

function strip<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
