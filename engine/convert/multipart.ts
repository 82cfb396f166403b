/**
 * multipart/form-data bodies with text fields, rebuilt as a text body with a fixed boundary (the plan has no
 * multipart body). File fields cannot be part of a text body: the importer reports them.
 */
export const BOUNDARY = '----LoadsmithFormBoundary7MA4YWxkTrZu0gW';

export interface TextPart { name: string; value: string; contentType?: string }

/** The body text (CRLF line ends, as RFC 7578 wants) and the Content-Type header to send with it. */
export function multipartText(parts: readonly TextPart[]): { text: string; contentType: string } {
  let text = '';
  for (const p of parts) {
    text += `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.name.replace(/"/g, '%22')}"\r\n`;
    if (p.contentType) text += `Content-Type: ${p.contentType}\r\n`;
    text += `\r\n${p.value}\r\n`;
  }
  text += `--${BOUNDARY}--\r\n`;
  return { text, contentType: `multipart/form-data; boundary=${BOUNDARY}` };
}
