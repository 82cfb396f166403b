/**
 * multipart/form-data bodies with text fields, rebuilt as a text body with a fixed boundary (the plan has no
 * multipart body). File fields cannot be part of a text body: the importer reports them.
 */
export const BOUNDARY = '----LoadsmithFormBoundary7MA4YWxkTrZu0gW';

export interface TextPart {
  name: string;
  value: string;
  contentType?: string;
}

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

export interface ParsedPart extends TextPart {
  fileName?: string;
}

/**
 * The parts of a multipart/form-data body as recorded (a browser's HAR text), by the boundary of its Content-Type;
 * undefined when it has no boundary or no part. A file part keeps its name and file name (browsers leave its
 * content out of HAR files anyway).
 */
export function parseMultipart(text: string, contentType: string): ParsedPart[] | undefined {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const mark = boundary?.[1] ?? boundary?.[2];
  if (!mark) return undefined;
  const parts: ParsedPart[] = [];
  for (const chunk of text.split(`--${mark}`).slice(1)) {
    if (chunk.startsWith('--')) break;
    const body = chunk.replace(/^\r?\n/, '');
    const split = /\r?\n\r?\n/.exec(body);
    if (!split) continue;
    const head = body.slice(0, split.index);
    const disposition = /^content-disposition:(.*)$/im.exec(head)?.[1] ?? '';
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    if (name === undefined) continue;
    const fileName = /\bfilename="([^"]*)"/i.exec(disposition)?.[1];
    const type = /^content-type:\s*(.*)$/im.exec(head)?.[1]?.trim();
    const value = body.slice(split.index + split[0].length).replace(/\r?\n$/, '');
    parts.push({
      name,
      value,
      ...(type ? { contentType: type } : {}),
      ...(fileName !== undefined ? { fileName } : {}),
    });
  }
  return parts.length > 0 ? parts : undefined;
}
