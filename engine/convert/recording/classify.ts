/**
 * What a recorded entry is: a page navigation (document), an API call (fetch), a WebSocket session, or a static asset (script, style,
 * image, font, media). The browser says it in Sec-Fetch-Dest; other clients are judged by the response's media
 * type and the URL's extension.
 */
import { STATIC_ENTRY_TYPES, type EntryType } from './kinds.ts';
import { headerValue, mimeOf, type RecordedExchange } from './types.ts';

const DEST: Record<string, EntryType> = {
  document: 'document',
  iframe: 'document',
  frame: 'document',
  script: 'script',
  worker: 'script',
  sharedworker: 'script',
  serviceworker: 'script',
  style: 'stylesheet',
  image: 'image',
  font: 'font',
  audio: 'media',
  video: 'media',
  track: 'media',
  empty: 'fetch',
  websocket: 'websocket',
};
const EXT: [RegExp, EntryType][] = [
  [/\.(m?js|map)$/i, 'script'],
  [/\.css$/i, 'stylesheet'],
  [/\.(png|jpe?g|gif|webp|avif|svg|ico|bmp)$/i, 'image'],
  [/\.(woff2?|ttf|otf|eot)$/i, 'font'],
  [/\.(mp4|webm|mp3|ogg|wav|m4a)$/i, 'media'],
];
const STATIC: ReadonlySet<EntryType> = new Set(STATIC_ENTRY_TYPES);

export function entryType(
  x: Pick<RecordedExchange, 'url' | 'requestHeaders' | 'responseHeaders' | 'method'>,
): EntryType {
  if (/^wss?:/i.test(x.url) || /websocket/i.test(headerValue(x.requestHeaders, 'upgrade') ?? '')) return 'websocket';
  const dest = headerValue(x.requestHeaders, 'sec-fetch-dest')?.toLowerCase();
  if (dest && DEST[dest]) return DEST[dest];
  const mime = mimeOf(x.responseHeaders);
  if (mime === 'text/html' || mime === 'application/xhtml+xml') {
    // A page unless a script asked for it (XMLHttpRequest marks itself; fetch sends no Accept: text/html).
    const accept = headerValue(x.requestHeaders, 'accept') ?? '';
    const xhr = headerValue(x.requestHeaders, 'x-requested-with') !== undefined;
    return !xhr && (accept === '' || accept.includes('text/html')) && x.method === 'GET' ? 'document' : 'fetch';
  }
  if (/javascript|ecmascript/.test(mime)) return 'script';
  if (mime === 'text/css') return 'stylesheet';
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('font/') || mime.includes('font')) return 'font';
  if (mime.startsWith('audio/') || mime.startsWith('video/')) return 'media';
  const path = pathOf(x.url);
  for (const [re, type] of EXT) if (re.test(path)) return type;
  if (/json|xml|text\/plain|x-www-form-urlencoded/.test(mime) || x.method !== 'GET') return 'fetch';
  return 'other';
}

/** Scripts, styles, images, fonts and media: what a browser loads by itself and a load test usually leaves out. */
export function isStaticType(type: EntryType): boolean {
  return STATIC.has(type);
}

function pathOf(url: string): string {
  const m = /^[a-z]+:\/\/[^/?#]*([^?#]*)/i.exec(url);
  return m?.[1] ?? url;
}

/** The host (and port when not the scheme's default) of a URL, lower case; '' when it has none. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return '';
  }
}

/** Is this media type text a person or a parser can read (kept as text in recordings)? */
export function isTextual(mime: string): boolean {
  return mime === '' || /^text\/|json|xml|javascript|ecmascript|x-www-form-urlencoded|graphql|csv|yaml/.test(mime);
}
