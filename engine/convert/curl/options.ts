/**
 * curl's command-line options, as far as importing needs them: which take a value (so the value is not taken
 * for a URL), their long names, and which only change curl's own output (ignored without a note).
 */

/** Short option letter -> long name. */
export const SHORT: Record<string, string> = {
  X: 'request', H: 'header', d: 'data', F: 'form', u: 'user', b: 'cookie', A: 'user-agent', e: 'referer', G: 'get',
  k: 'insecure', L: 'location', m: 'max-time', I: 'head', T: 'upload-file', o: 'output', O: 'remote-name', s: 'silent',
  S: 'show-error', v: 'verbose', i: 'include', f: 'fail', w: 'write-out', x: 'proxy', c: 'cookie-jar', E: 'cert',
  K: 'config', n: 'netrc', N: 'no-buffer', g: 'globoff', '#': 'progress-bar', r: 'range', U: 'proxy-user',
  y: 'speed-time', Y: 'speed-limit', z: 'time-cond', C: 'continue-at', D: 'dump-header', '0': 'http1.0', '4': 'ipv4', '6': 'ipv6',
  j: 'junk-session-cookies', l: 'list-only', q: 'disable', R: 'remote-time', J: 'remote-header-name', M: 'manual', V: 'version', h: 'help', Z: 'parallel', t: 'telnet-option', P: 'ftp-port', Q: 'quote', a: 'append', B: 'use-ascii', p: 'proxytunnel',
};

/** Long options that take a value. */
export const TAKES_VALUE = new Set([
  'request', 'header', 'data', 'data-raw', 'data-binary', 'data-ascii', 'data-urlencode', 'json', 'form', 'form-string',
  'user', 'cookie', 'user-agent', 'referer', 'url', 'max-time', 'connect-timeout', 'upload-file', 'output', 'write-out',
  'proxy', 'cookie-jar', 'cert', 'key', 'cacert', 'capath', 'config', 'max-redirs', 'retry', 'retry-delay', 'retry-max-time',
  'oauth2-bearer', 'range', 'proxy-user', 'speed-time', 'speed-limit', 'time-cond', 'continue-at', 'dump-header', 'resolve',
  'connect-to', 'noproxy', 'interface', 'cert-type', 'key-type', 'pass', 'ciphers', 'tls-max', 'limit-rate', 'max-filesize',
  'aws-sigv4', 'unix-socket', 'abstract-unix-socket', 'dns-servers', 'local-port', 'expect100-timeout', 'keepalive-time',
  'url-query', 'variable', 'header-file', 'stderr', 'trace', 'trace-ascii', 'output-dir', 'proxy-header', 'request-target',
  'telnet-option', 'ftp-port', 'quote', 'happy-eyeballs-timeout-ms', 'parallel-max', 'sasl-authzid', 'login-options',
  'preproxy', 'socks5', 'socks5-hostname', 'socks4', 'socks4a', 'tlsuser', 'tlspassword', 'pinnedpubkey', 'create-file-mode',
]);

/** Options about curl's own output, progress or retries of a single run: nothing for a plan to keep. */
export const OUTPUT_ONLY = new Set([
  'silent', 'show-error', 'verbose', 'include', 'fail', 'fail-with-body', 'output', 'remote-name', 'write-out', 'no-buffer',
  'progress-bar', 'globoff', 'dump-header', 'stderr', 'trace', 'trace-ascii', 'create-dirs', 'output-dir', 'remote-header-name',
  'remote-time', 'no-progress-meter', 'styled-output', 'no-styled-output', 'raw', 'path-as-is', 'ipv4', 'ipv6', 'tcp-nodelay',
  'no-keepalive', 'keepalive-time', 'http1.1', 'http2', 'tlsv1.2', 'tlsv1.3', 'tlsv1', 'sslv3', 'fail-early', 'parallel', 'parallel-max',
]);

/** `--foo=value` is allowed for long options; returns [name, inline value]. */
export function splitLong(word: string): [string, string | undefined] {
  const body = word.slice(2);
  const eq = body.indexOf('=');
  return eq > 0 && TAKES_VALUE.has(body.slice(0, eq)) ? [body.slice(0, eq), body.slice(eq + 1)] : [body, undefined];
}
