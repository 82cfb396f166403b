/**
 * One curl command (its words) -> what it asks for: URLs, method, headers, data pieces, auth and settings.
 * Unknown options are reported, never guessed at silently.
 */
import { ConvertError } from '../types.ts';
import { OUTPUT_ONLY, SHORT, TAKES_VALUE, splitLong } from './options.ts';
import type { Command, Word } from './words.ts';

export type DataPiece = { kind: 'data' | 'raw' | 'binary' | 'urlencode' | 'json'; value: Word };

export interface CurlCall {
  urls: Word[];
  method?: string;
  headers: [string, string][];
  data: DataPiece[];
  form: { value: Word; literal: boolean }[];
  user?: string;
  bearer?: string;
  cookie?: string;
  get: boolean;
  head: boolean;
  insecure: boolean;
  upload?: string;
  maxTime?: string;
  maxRedirs?: number;
  location: boolean;
  protocol?: 'http1' | 'h2c';
  tls: { certFile?: string; keyFile?: string; caFile?: string; passphrase?: string };
  /** Options that change the request but have no plan equivalent: reported. */
  unsupported: string[];
  line: number;
}

export function parseCall(cmd: Command): CurlCall {
  const [first, ...rest] = cmd.words;
  if (!first || !/(^|[/\\])curl(\.exe)?$/i.test(first.text)) {
    throw new ConvertError(`line ${cmd.line}: expected a command starting with 'curl', found '${first?.text ?? ''}'`);
  }
  const call: CurlCall = {
    urls: [],
    headers: [],
    data: [],
    form: [],
    get: false,
    head: false,
    insecure: false,
    location: false,
    tls: {},
    unsupported: [],
    line: cmd.line,
  };
  let i = 0;
  const value = (name: string, inline: string | undefined, at: Word): Word => {
    if (inline !== undefined) return { text: inline, dynamic: at.dynamic, line: at.line };
    const v = rest[i++];
    if (v === undefined) throw new ConvertError(`line ${at.line}: curl option --${name} needs a value`);
    return v;
  };
  let endOfOptions = false;
  while (i < rest.length) {
    const w = rest[i++] as Word;
    if (endOfOptions || !w.text.startsWith('-') || w.text === '-') {
      call.urls.push(w);
      continue;
    }
    if (w.text === '--') {
      endOfOptions = true;
      continue;
    }
    if (w.text.startsWith('--')) {
      const [name, inline] = splitLong(w.text);
      apply(call, name, TAKES_VALUE.has(name) ? value(name, inline, w) : undefined, w);
      continue;
    }
    // Short options may be combined (-sSL) and take their value attached (-XPOST) or as the next word.
    for (let k = 1; k < w.text.length; k++) {
      const letter = w.text[k] as string;
      const name = SHORT[letter];
      if (name === undefined) {
        call.unsupported.push(`-${letter}`);
        continue;
      }
      if (TAKES_VALUE.has(name)) {
        const attached = w.text.slice(k + 1);
        apply(call, name, value(name, attached === '' ? undefined : attached, w), w);
        break;
      }
      apply(call, name, undefined, w);
    }
  }
  return call;
}

function apply(call: CurlCall, name: string, v: Word | undefined, at: Word): void {
  const text = v?.text ?? '';
  switch (name) {
    case 'request':
      call.method = text.toUpperCase();
      return;
    case 'header': {
      const c = text.indexOf(':');
      if (c > 0) call.headers.push([text.slice(0, c).trim(), text.slice(c + 1).trim()]);
      else if (text.endsWith(';')) call.headers.push([text.slice(0, -1).trim(), '']);
      return;
    }
    case 'data':
    case 'data-ascii':
      call.data.push({ kind: 'data', value: v as Word });
      return;
    case 'data-raw':
      call.data.push({ kind: 'raw', value: v as Word });
      return;
    case 'data-binary':
      call.data.push({ kind: 'binary', value: v as Word });
      return;
    case 'data-urlencode':
      call.data.push({ kind: 'urlencode', value: v as Word });
      return;
    case 'json':
      call.data.push({ kind: 'json', value: v as Word });
      return;
    case 'form':
      call.form.push({ value: v as Word, literal: false });
      return;
    case 'form-string':
      call.form.push({ value: v as Word, literal: true });
      return;
    case 'user':
      call.user = text;
      return;
    case 'oauth2-bearer':
      call.bearer = text;
      return;
    case 'cookie':
      call.cookie = call.cookie ? `${call.cookie}; ${text}` : text;
      return;
    case 'user-agent':
      call.headers.push(['User-Agent', text]);
      return;
    case 'referer':
      call.headers.push(['Referer', text.replace(/;auto$/, '')]);
      return;
    case 'url':
      call.urls.push(v as Word);
      return;
    case 'get':
      call.get = true;
      return;
    case 'head':
      call.head = true;
      return;
    case 'insecure':
      call.insecure = true;
      return;
    case 'location':
    case 'location-trusted':
      call.location = true;
      return;
    case 'max-time':
      call.maxTime = text;
      return;
    case 'max-redirs':
      call.maxRedirs = Number(text);
      return;
    case 'upload-file':
      call.upload = text;
      return;
    case 'http1.1':
      call.protocol = 'http1';
      return;
    case 'http2-prior-knowledge':
      call.protocol = 'h2c';
      return;
    case 'cert': {
      // file[:passphrase]
      const colon = text.search(/(?<!^[A-Za-z]):/); // not the colon of a Windows drive (C:\...)
      call.tls.certFile = colon < 0 ? text : text.slice(0, colon);
      if (colon >= 0) call.tls.passphrase = text.slice(colon + 1);
      return;
    }
    case 'pass':
      call.tls.passphrase = text;
      return;
    case 'key':
      call.tls.keyFile = text;
      return;
    case 'cacert':
      call.tls.caFile = text;
      return;
    case 'compressed':
      call.unsupported.push(
        '--compressed (Loadsmith does not ask for compressed responses, so checks can read bodies)',
      );
      return;
    default:
      if (OUTPUT_ONLY.has(name)) return;
      call.unsupported.push(`--${name}${v ? ` ${shown(name, v.text)}` : ''} (line ${at.line})`);
  }
}

/** An option's value as a report may show it: credentials never (`--proxy-user`, `--tlspassword`, a proxy's user:pass@). */
function shown(name: string, value: string): string {
  if (
    /^(proxy-user|proxy-pass|tlspassword|tlsuser|proxy-tlspassword|proxy-tlsuser|login-options|sasl-authzid)$/.test(
      name,
    )
  )
    return '(a credential, not shown)';
  return value.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^@/]*@/i, '$1');
}
