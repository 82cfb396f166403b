/**
 * UTF-8 base64 without Buffer or atob/btoa, so the template language runs the same in Node and in the
 * UI: btoa only takes Latin-1, and Buffer does not exist in the renderer.
 */
import { TemplateRuntimeError } from './errors.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DECODE = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DECODE[ALPHABET.charCodeAt(i)] = i;
// The URL-safe alphabet decodes too: tokens (JWT parts) use it.
DECODE[45] = 62; // '-'
DECODE[95] = 63; // '_'

const sym = (sextet: number): string => ALPHABET.charAt(sextet & 63);
const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

/** Standard base64 (with padding) of the UTF-8 bytes of `text`. */
export function encodeBase64(text: string): string {
  const bytes = encoder.encode(text);
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = ((bytes[i] as number) << 16) | ((bytes[i + 1] as number) << 8) | (bytes[i + 2] as number);
    out += sym(n >> 18) + sym(n >> 12) + sym(n >> 6) + sym(n);
  }
  const rest = bytes.length - i;
  if (rest > 0) {
    const n = ((bytes[i] as number) << 16) | (rest === 2 ? (bytes[i + 1] as number) << 8 : 0);
    out += sym(n >> 18) + sym(n >> 12) + (rest === 2 ? sym(n >> 6) : '=') + '=';
  }
  return out;
}

/** Decodes standard or URL-safe base64 (padding optional) to UTF-8 text; throws on anything else. */
export function decodeBase64(text: string): string {
  const body = text.replace(/=+$/, '');
  if (body.length % 4 === 1 || text.length - body.length > 2)
    throw invalid('the argument is not valid base64: its length is wrong');
  const bytes = new Uint8Array(Math.floor((body.length * 3) / 4));
  let acc = 0;
  let bits = 0;
  let o = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body.charCodeAt(i);
    const v = c < 128 ? (DECODE[c] as number) : -1;
    if (v < 0) throw invalid(`the argument is not valid base64: character ${JSON.stringify(body[i])} at position ${i}`);
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[o++] = (acc >> bits) & 255;
    }
  }
  try {
    return decoder.decode(bytes.subarray(0, o));
  } catch {
    throw invalid('the decoded bytes are not UTF-8 text (binary data cannot go into a template)');
  }
}

function invalid(why: string): TemplateRuntimeError {
  return new TemplateRuntimeError(`base64Decode: ${why}`);
}
