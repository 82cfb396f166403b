import { describe, expect, it } from 'vitest';
import { escapeHtml, jsonForScript, scriptSafe } from './escape.ts';

describe('escapeHtml', () => {
  it('escapes the five characters that matter in content and attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
    expect(escapeHtml(42)).toBe('42');
    expect(escapeHtml('plain µ ✓')).toBe('plain µ ✓');
  });
});

describe('jsonForScript', () => {
  it('cannot end the script element and parses back to the same value', () => {
    const value = {
      name: '</script><script>alert(1)</script>',
      c: '<!-- <script>',
      s: 'a\u2028b\u2029c',
      n: [1.5, -2.25, 1e-7, null],
    };
    const text = jsonForScript(value);
    expect(text).not.toMatch(/</);
    expect(text).not.toMatch(/[\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('scriptSafe', () => {
  it('hides closing tags and comment openers, whatever the case', () => {
    const src = 'var a = "</script>", b = /<\\/SCRIPT/i, c = `<!--`;';
    const safe = scriptSafe(src);
    expect(safe).not.toMatch(/<\/script|<!--/i);
    expect(safe).toBe('var a = "\\x3C/script>", b = /<\\/SCRIPT/i, c = `\\x3C!--`;');
  });
});
