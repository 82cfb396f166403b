/**
 * The "New recording" form as typed and the `recordings.start` parameters it gives. The upstream proxy's user and
 * password are separate fields (a password field, never shown back) joined into the proxy URL here.
 */
import { recordingMethods } from '../../../app/contract/recordings.ts';
import type { Params } from '../../../app/contract/index.ts';
import { parseHosts } from './filters.ts';

export interface StartForm {
  name: string;
  /** Empty: a free port. */
  port: string;
  allowHosts: string;
  insecureHosts: string;
  proxyUrl: string;
  proxyUser: string;
  proxyPassword: string;
}

export const EMPTY_START: StartForm = {
  name: '',
  port: '',
  allowHosts: '',
  insecureHosts: '',
  proxyUrl: '',
  proxyUser: '',
  proxyPassword: '',
};

export type StartParams = Params<'recordings.start'>;

export type StartResult = { ok: true; params: StartParams } | { ok: false; field: keyof StartForm; message: string };

const fail = (field: keyof StartForm, message: string): StartResult => ({ ok: false, field, message });

export function startParams(f: StartForm): StartResult {
  const port = f.port.trim();
  if (port && !(/^\d+$/.test(port) && Number(port) >= 1 && Number(port) <= 65_535))
    return fail('port', 'Port: a number from 1 to 65535, or empty for a free port');
  const upstream = upstreamProxy(f);
  if (!upstream.ok) return upstream;
  const allowHosts = parseHosts(f.allowHosts);
  const insecureHosts = parseHosts(f.insecureHosts);
  const params: StartParams = {
    ...(f.name.trim() ? { name: f.name.trim() } : {}),
    ...(port ? { port: Number(port) } : {}),
    ...(upstream.url ? { upstreamProxy: upstream.url } : {}),
    ...(allowHosts.length > 0 ? { allowHosts } : {}),
    ...(insecureHosts.length > 0 ? { insecureHosts } : {}),
  };
  const checked = recordingMethods['recordings.start'].params.safeParse(params);
  if (checked.success) return { ok: true, params };
  const issue = checked.error.issues[0];
  const key = String(issue?.path[0] ?? 'name');
  const field = FIELD_OF[key] ?? 'name';
  const index = issue?.path[1];
  const list = key === 'allowHosts' ? allowHosts : key === 'insecureHosts' ? insecureHosts : [];
  const bad = typeof index === 'number' && list[index] !== undefined ? ` (${list[index]})` : '';
  return fail(field, `${LABELS[field]}${bad}: ${issue?.message ?? 'not valid'}`);
}

const FIELD_OF: Partial<Record<string, keyof StartForm>> = {
  name: 'name',
  port: 'port',
  upstreamProxy: 'proxyUrl',
  allowHosts: 'allowHosts',
  insecureHosts: 'insecureHosts',
};
const LABELS: Record<keyof StartForm, string> = {
  name: 'Name',
  port: 'Port',
  proxyUrl: 'Upstream proxy',
  allowHosts: 'Allowed hosts',
  insecureHosts: 'Insecure hosts',
  proxyUser: 'User',
  proxyPassword: 'Password',
};

/** `http://user:pass@host:port` from the three fields; credentials are percent-encoded. */
function upstreamProxy(
  f: StartForm,
): { ok: true; url: string | null } | { ok: false; field: keyof StartForm; message: string } {
  const raw = f.proxyUrl.trim();
  if (!raw) {
    if (f.proxyUser || f.proxyPassword)
      return {
        ok: false,
        field: 'proxyUrl',
        message: 'Upstream proxy: give its address (http://proxy.example.com:3128) with the user and password',
      };
    return { ok: true, url: null };
  }
  const m = /^(https?:\/\/)([^\s/]+?)\/?$/i.exec(raw);
  if (!m)
    return {
      ok: false,
      field: 'proxyUrl',
      message: 'Upstream proxy: an address such as http://proxy.example.com:3128',
    };
  const scheme = m[1] ?? 'http://';
  const hostPort = m[2] ?? '';
  if (!f.proxyUser && !f.proxyPassword) return { ok: true, url: `${scheme}${hostPort}` };
  if (hostPort.includes('@'))
    return {
      ok: false,
      field: 'proxyUser',
      message: 'Upstream proxy: the address already holds credentials; leave User and Password empty',
    };
  const credentials = `${encodeURIComponent(f.proxyUser)}${f.proxyPassword ? `:${encodeURIComponent(f.proxyPassword)}` : ''}`;
  return { ok: true, url: `${scheme}${credentials}@${hostPort}` };
}
