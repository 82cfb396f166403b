/**
 * JUnit XML: one test case per threshold and per check, failures carrying what was observed, hostile names escaped,
 * and the document valid against the schema Jenkins' xUnit plugin uses (checked by xmllint, which must be able to
 * say no: an invalid document is rejected in the same way).
 */
import { describe, expect, it } from 'vitest';
import type { Summary } from '../../metrics/summary.ts';
import { fakeSummary } from '../compare/testing.ts';
import { junitReport } from './index.ts';
import { validateJunit as validate, xpath } from './testing.ts';
import { xmlAttr, xmlText } from './xml.ts';

const HOSTILE = 'a<b & "c" \'d\' ]]> \u0001\u0008\u001f tab\there\nnew line \uFFFF end';

function failingRun(name = 'checkout'): Summary {
  return fakeSummary({
    plan: name,
    durationMs: 12_345,
    thresholds: [
      {
        metric: 'http_req_duration{request:List users}',
        expression: 'p(95)<500',
        ok: false,
        value: 612.4,
        abortOnFail: false,
      },
      { metric: 'http_req_failed', expression: 'rate<0.01', ok: true, value: 0.002, abortOnFail: false },
      { metric: 'iteration_duration', expression: 'avg<1000', ok: true, value: null, abortOnFail: false },
    ],
    checkList: [
      {
        scenario: 'browse',
        group: '::catalog::search',
        request: 'Get JSON',
        name: 'status is 200',
        passes: 97,
        fails: 3,
        failure: 'status 503, expected 200',
      },
      { scenario: 'browse', group: '', request: 'Login', name: 'has token', passes: 100, fails: 0 },
    ],
  });
}

describe('junitReport', () => {
  it('has one test case per threshold and per check, with counts and times', () => {
    const xml = junitReport(failingRun());
    expect(xpath(xml, 'count(/testsuites/testsuite)')).toBe('2');
    expect(xpath(xml, '/testsuites/@tests')).toBe('5');
    expect(xpath(xml, '/testsuites/@failures')).toBe('2');
    expect(xpath(xml, '/testsuites/@time')).toBe('12.345');
    expect(xpath(xml, '/testsuites/@name')).toBe('loadsmith: checkout');
    const t = '/testsuites/testsuite[@name="thresholds"]';
    expect(xpath(xml, `${t}/@tests`)).toBe('3');
    expect(xpath(xml, `${t}/@failures`)).toBe('1');
    expect(xpath(xml, `${t}/@timestamp`)).toBe('2025-03-01T10:00:00');
    expect(xpath(xml, `count(${t}/testcase)`)).toBe('3');
    expect(xpath(xml, `${t}/testcase[1]/@classname`)).toBe('http_req_duration{request:List users}');
    expect(xpath(xml, `${t}/testcase[1]/@name`)).toBe('p(95)<500');
    expect(xpath(xml, `${t}/testcase[1]/failure/@message`)).toBe('p(95)<500 failed: p(95)=612ms');
    expect(xpath(xml, `count(${t}/testcase[2]/failure)`)).toBe('0');
    expect(xpath(xml, `${t}/testcase[2]/system-out`)).toBe('http_req_failed: rate<0.01 → rate=0.20%');
    expect(xpath(xml, `${t}/testcase[3]/system-out`)).toMatch(/no data/);
    const c = '/testsuites/testsuite[@name="checks"]';
    expect(xpath(xml, `${c}/@tests`)).toBe('2');
    expect(xpath(xml, `${c}/@failures`)).toBe('1');
    expect(xpath(xml, `${c}/testcase[1]/@classname`)).toBe('browse › catalog › search › Get JSON');
    expect(xpath(xml, `${c}/testcase[1]/@name`)).toBe('status is 200');
    expect(xpath(xml, `${c}/testcase[1]/failure/@message`)).toBe(
      '3 of 100 failed (3.00%); e.g. status 503, expected 200',
    );
    expect(xpath(xml, `${c}/testcase[2]/@classname`)).toBe('browse › Login');
    expect(xpath(xml, `count(${c}/testcase[2]/failure)`)).toBe('0');
  });

  it('is valid against the Jenkins JUnit schema, also with no thresholds and no checks', () => {
    const full = validate(junitReport(failingRun()));
    expect(full.ok, full.errors).toBe(true);
    const empty = junitReport(fakeSummary({ checks: null, durationMs: 1_234_567.891 }));
    expect(validate(empty).ok).toBe(true);
    expect(xpath(empty, '/testsuites/@tests')).toBe('0');
    expect(xpath(empty, '/testsuites/@time')).toBe('1234.568');
  });

  it('the schema check can fail: an invalid document is rejected', () => {
    const xml = junitReport(failingRun());
    const noCount = xml.replace(/<testsuite name="checks" tests="\d+"/, '<testsuite name="checks"');
    expect(noCount).not.toBe(xml);
    expect(validate(noCount).ok).toBe(false);
    expect(validate(xml.replace('<system-out>', '<stdout/><system-out>')).ok).toBe(false);
    expect(validate(xml.replace(/time="12\.345"/, 'time="1.2e1"')).ok).toBe(false);
  });

  it('escapes hostile names and texts; characters XML 1.0 forbids are shown, never written raw', () => {
    const s = failingRun(HOSTILE);
    s.thresholds = [
      {
        metric: `http_req_duration{request:${HOSTILE}}`,
        expression: 'p(95)<500',
        ok: false,
        value: 700,
        abortOnFail: false,
      },
    ];
    s.checks = [
      {
        scenario: HOSTILE,
        group: `::${HOSTILE}`,
        request: HOSTILE,
        name: HOSTILE,
        passes: 1,
        fails: 1,
        failure: HOSTILE,
      },
    ];
    const xml = junitReport(s);
    const check = validate(xml);
    expect(check.ok, check.errors).toBe(true);
    // eslint-disable-next-line no-control-regex -- looking for exactly the characters XML 1.0 forbids
    expect(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/.test(xml)).toBe(false);
    const shown = 'a<b & "c" \'d\' ]]> \\u0001\\u0008\\u001F tab\there\nnew line \\uFFFF end';
    expect(xpath(xml, '/testsuites/@name')).toBe(`loadsmith: ${shown}`);
    expect(xpath(xml, '//testsuite[@name="checks"]/testcase/@name')).toBe(shown);
    expect(xpath(xml, '//testsuite[@name="checks"]/testcase/failure/@message')).toBe(
      `1 of 2 failed (50.00%); e.g. ${shown}`,
    );
    expect(xpath(xml, '//testsuite[@name="thresholds"]/testcase/@classname')).toBe(
      `http_req_duration{request:${shown}}`,
    );
    // The same text written raw is not even well-formed: the escaping is what makes the file readable.
    expect(validate(xml.replace(xmlAttr(`loadsmith: ${HOSTILE}`), `loadsmith: ${HOSTILE}`)).ok).toBe(false);
  });
});

describe('xml escaping', () => {
  it('escapes markup in text and attributes, keeps tabs and newlines in attributes', () => {
    expect(xmlText('<a> & ]]>')).toBe('&lt;a&gt; &amp; ]]&gt;');
    expect(xmlAttr('say "hi"\n\tnow\r')).toBe('say &quot;hi&quot;&#10;&#9;now&#13;');
  });

  it('shows forbidden characters and lone surrogates, keeps valid astral characters', () => {
    expect(xmlText('\u0000x\u000by')).toBe('\\u0000x\\u000By');
    expect(xmlText('ok 😀 \uD800 \uDC00')).toBe('ok 😀 \\uD800 \\uDC00');
  });
});
