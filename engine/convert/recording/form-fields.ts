/**
 * The form a recorded submission came from, read from the page the browser showed before it: which fields the
 * user typed into (text, e-mail, search, URL and phone inputs, text areas) and how many password fields it has.
 */
import { pathAndQuery, type RecordedStep } from './steps.ts';
import { bodyText, mimeOf } from './types.ts';

export interface RecordedForm {
  /** Names of the fields a user types into. */
  typed: Set<string>;
  passwords: number;
}

const TYPED = new Set(['text', 'email', 'search', 'url', 'tel']);
const ATTR = (name: string): RegExp => new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>"']+))`, 'i');

/** The form on the latest page before `at` whose action is the submission's path (or its last form); undefined when none. */
export function formOf(steps: readonly RecordedStep[], at: number): RecordedForm | undefined {
  const target = pathAndQuery(steps[at]!.first.url).split('?', 1)[0];
  for (let i = at - 1; i >= 0; i--) {
    const x = steps[i]!.last;
    if (!/html/.test(mimeOf(x.responseHeaders))) continue;
    const forms = [...bodyText(x.responseBody).matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)];
    if (forms.length === 0) continue;
    const page = pathAndQuery(x.url).split('?', 1)[0]!;
    const match = forms.find((f) => actionPath(f[1]!, x.url, page) === target) ?? forms.at(-1)!;
    return fields(match[2]!);
  }
  return undefined;
}

function fields(html: string): RecordedForm {
  const typed = new Set<string>();
  let passwords = 0;
  for (const [tag] of html.matchAll(/<input\b[^>]*>/gi)) {
    const type = (attr(tag, 'type') ?? 'text').toLowerCase();
    const name = attr(tag, 'name');
    if (type === 'password') passwords++;
    else if (name && TYPED.has(type)) typed.add(name);
  }
  for (const [tag] of html.matchAll(/<textarea\b[^>]*>/gi)) {
    const name = attr(tag, 'name');
    if (name) typed.add(name);
  }
  return { typed, passwords };
}

function attr(tag: string, name: string): string | undefined {
  const m = ATTR(name).exec(tag);
  return m ? (m[1] ?? m[2] ?? m[3]) : undefined;
}

/** The path a form posts to: its action resolved against the page, or the page itself when it has none. */
function actionPath(formTag: string, pageUrl: string, page: string): string {
  const action = attr(formTag, 'action')?.replace(/&amp;/g, '&');
  if (!action) return page;
  try {
    return new URL(action, pageUrl).pathname;
  } catch {
    return page;
  }
}
