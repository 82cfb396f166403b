/**
 * A connection profile: what makes two requests able to share connections (protocol, TLS trust, client
 * certificate). The plan's defaults.http merged with a request's own http options. keepAlive is not part of it:
 * it is decided per request (undici's reset flag).
 */
import type { ConnectionOptions, HttpOptions } from '../../plan/schema/index.ts';
import { compileTemplate } from '../../template/index.ts';

export interface ConnectionProfile {
  protocol: 'auto' | 'http1' | 'http2' | 'h2c';
  insecure: boolean;
  ca?: string;
  cert?: string;
  key?: string;
  passphrase?: string;
  servername?: string;
  minVersion?: 'TLSv1.2' | 'TLSv1.3';
}

/** The fields that change the profile (a request that sets only keepAlive uses the plan's connections). */
export function changesProfile(own: ConnectionOptions | undefined): boolean {
  return own !== undefined && (own.protocol !== undefined || own.insecureTls !== undefined || own.tls !== undefined);
}

/** Merges defaults and a request's options; reads TLS files from `files` (loaded before the run). */
export function resolveProfile(
  defaults: HttpOptions | undefined,
  own: ConnectionOptions | undefined,
  files: ReadonlyMap<string, Buffer>,
  env: Readonly<Record<string, string | undefined>>,
): ConnectionProfile {
  const tls = { ...defaults?.tls, ...own?.tls };
  const read = (path: string | undefined): string | undefined => {
    if (path === undefined) return undefined;
    const data = files.get(path);
    if (!data) throw new Error(`TLS file ${path} was not loaded`);
    return data.toString('utf8');
  };
  const profile: ConnectionProfile = {
    protocol: own?.protocol ?? defaults?.protocol ?? 'auto',
    insecure: own?.insecureTls ?? defaults?.insecureTls ?? false,
  };
  const ca = read(tls.caFile);
  const cert = read(tls.certFile);
  const key = read(tls.keyFile);
  if (ca !== undefined) profile.ca = ca;
  if (cert !== undefined) profile.cert = cert;
  if (key !== undefined) profile.key = key;
  // A passphrase usually comes from the environment: ${env.CLIENT_KEY_PASSPHRASE}.
  if (tls.passphrase !== undefined)
    profile.passphrase = compileTemplate(tls.passphrase).render({
      vu: 0,
      iter: 0,
      scenario: '',
      env,
      vars: new Map(),
      data: {},
    });
  if (tls.servername !== undefined) profile.servername = tls.servername;
  if (tls.minVersion !== undefined) profile.minVersion = tls.minVersion;
  return profile;
}

export function profileKey(p: ConnectionProfile): string {
  return JSON.stringify([
    p.protocol,
    p.insecure,
    p.ca ?? '',
    p.cert ?? '',
    p.key ?? '',
    p.passphrase ?? '',
    p.servername ?? '',
    p.minVersion ?? '',
  ]);
}

/** Paths of the TLS files a plan uses (defaults and requests), to load before the run. */
export function tlsFiles(options: readonly (ConnectionOptions | undefined)[]): string[] {
  const out = new Set<string>();
  for (const o of options) for (const p of [o?.tls?.caFile, o?.tls?.certFile, o?.tls?.keyFile]) if (p) out.add(p);
  return [...out];
}
