/**
 * Which format a file is, from its content first (a `.json` may be HAR, Postman or OpenAPI), its name second.
 * Returns undefined when nothing fits; the caller then asks for --from.
 */
import type { ImportFormat } from './types.ts';

export function detectFormat(text: string, file?: string): ImportFormat | undefined {
  const head = text
    .replace(/^\uFEFF/, '')
    .trimStart()
    .slice(0, 4000);
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<jmeterTestPlan\b/.test(head)) return 'jmeter';
  if (/^curl(\.exe)?\s/i.test(head) || /^(#[^\n]*\n\s*)*curl\s/i.test(head)) return 'curl';
  if (/^[{[]/.test(head)) {
    if (/"log"\s*:\s*\{/.test(head) && /"entries"\s*:/.test(text)) return 'har';
    if (/"openapi"\s*:\s*"3/.test(head) || /"swagger"\s*:\s*"2\.0"/.test(head)) return 'openapi';
    if (/schema\.getpostman\.com|"_postman_id"|"item"\s*:\s*\[/.test(text.slice(0, 20000))) return 'postman';
    if (/^\{\s*"method"\s*:|^\{\s*"url"\s*:/.test(head) && /"url"\s*:\s*"https?:/.test(head)) return 'vegeta';
  }
  if (/^(openapi:\s*['"]?3|swagger:\s*['"]?2\.0)/m.test(head)) return 'openapi';
  if (
    /^(#[^\n]*\n|\s*\n)*(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|CONNECT|TRACE)\s+https?:\/\/\S+\s*$/m.test(
      head.split('\n').slice(0, 10).join('\n'),
    )
  )
    return 'vegeta';
  const ext = file?.toLowerCase() ?? '';
  if (ext.endsWith('.har')) return 'har';
  if (ext.endsWith('.jmx')) return 'jmeter';
  if (ext.endsWith('.postman_collection.json')) return 'postman';
  if (/\.(sh|curl|bat|cmd)$/.test(ext)) return 'curl';
  return undefined;
}
