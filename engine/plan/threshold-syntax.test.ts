import { describe, expect, it } from 'vitest';
import { METRICS } from '../base/metric-registry.ts';
import { compare, parseThresholdExpr, parseThresholdKey, ThresholdSyntaxError } from './threshold-syntax.ts';
import type { Comparison } from './threshold-syntax.ts';

/** k6's built-in metrics and their types, as docs/architecture.md and k6's documentation list them; written out here, not read from the registry. */
const K6_TYPES: Record<string, 'counter' | 'gauge' | 'rate' | 'trend'> = {
  http_reqs: 'counter',
  http_req_duration: 'trend',
  http_req_blocked: 'trend',
  http_req_looking_up: 'trend',
  http_req_connecting: 'trend',
  http_req_tls_handshaking: 'trend',
  http_req_sending: 'trend',
  http_req_waiting: 'trend',
  http_req_receiving: 'trend',
  http_req_failed: 'rate',
  iterations: 'counter',
  iteration_duration: 'trend',
  vus: 'gauge',
  vus_max: 'gauge',
  checks: 'rate',
  data_sent: 'counter',
  data_received: 'counter',
  dropped_iterations: 'counter',
};

/** k6's rules: which aggregation method each metric type accepts, and how the refusal lists them. */
const ALLOWED: Record<string, { aggs: string[]; listed: string }> = {
  trend: { aggs: ['avg', 'min', 'max', 'med', 'p(95)'], listed: 'avg, min, max, med, p(N)' },
  counter: { aggs: ['count', 'rate'], listed: 'count, rate' },
  rate: { aggs: ['rate'], listed: 'rate' },
  gauge: { aggs: ['value'], listed: 'value' },
};
const ALL_AGGS = ['avg', 'min', 'max', 'med', 'p(95)', 'count', 'rate', 'value'];

const HTTP_TAG_LIST = 'scenario, group, request, name, method, status, expected_response';

function keyError(source: string, customTags?: readonly string[]): ThresholdSyntaxError {
  try {
    parseThresholdKey(source, customTags);
  } catch (e) {
    if (e instanceof ThresholdSyntaxError) return e;
    throw e;
  }
  throw new Error(`expected the key '${source}' to be refused`);
}

function exprError(source: string, metric: string): ThresholdSyntaxError {
  const def = METRICS[metric];
  if (!def) throw new Error(`test setup: unknown metric ${metric}`);
  try {
    parseThresholdExpr(source, def);
  } catch (e) {
    if (e instanceof ThresholdSyntaxError) return e;
    throw e;
  }
  throw new Error(`expected the expression '${source}' to be refused for ${metric}`);
}

function expr(source: string, metric = 'http_req_duration') {
  const def = METRICS[metric];
  if (!def) throw new Error(`test setup: unknown metric ${metric}`);
  return parseThresholdExpr(source, def);
}

describe('the metric registry uses k6 names and types', () => {
  it.each(Object.entries(K6_TYPES))('%s is a known %s metric that a threshold may name', (name, type) => {
    expect(METRICS[name]?.type).toBe(type);
    expect(parseThresholdKey(name).metric.name).toBe(name);
  });

  it('time metrics are in ms, byte counters in bytes, rates are ratios', () => {
    for (const [name, type] of Object.entries(K6_TYPES)) {
      const def = METRICS[name];
      if (!def) continue; // reported by the test above
      if (type === 'trend') expect(def.unit, name).toBe('ms');
      if (type === 'rate') expect(def.unit, name).toBe('ratio');
      if (name.startsWith('data_')) expect(def.unit, name).toBe('bytes');
    }
  });
});

describe('parseThresholdKey', () => {
  it('reads a bare metric name with no tag filter', () => {
    const k = parseThresholdKey('http_req_duration');
    expect(k.metric).toBe(METRICS.http_req_duration);
    expect(k.tags).toEqual({});
    expect(k.source).toBe('http_req_duration');
  });

  it('ignores whitespace around the name and before the filter', () => {
    expect(parseThresholdKey('  http_reqs  ').metric.name).toBe('http_reqs');
    const k = parseThresholdKey(' http_req_duration {request:List users} ');
    expect(k.metric.name).toBe('http_req_duration');
    expect(k.tags).toEqual({ request: 'List users' });
  });

  it('reads a tag filter whose value contains spaces', () => {
    const k = parseThresholdKey('http_req_duration{request:List users}');
    expect(k.tags).toEqual({ request: 'List users' });
    expect(k.source).toBe('http_req_duration{request:List users}');
  });

  it('trims tag names and values but keeps inner spaces', () => {
    expect(parseThresholdKey('http_req_duration{ request :  List  all users  }').tags).toEqual({
      request: 'List  all users',
    });
  });

  it("normalises k6's `name` tag to `request`", () => {
    expect(parseThresholdKey('http_req_duration{name:List users}').tags).toEqual({ request: 'List users' });
    expect(parseThresholdKey('http_req_failed{name:Login,status:500}').tags).toEqual({
      request: 'Login',
      status: '500',
    });
  });

  it('reads several tags separated by commas', () => {
    const k = parseThresholdKey('http_req_duration{scenario:browse, method:GET ,status:200,expected_response:true}');
    expect(k.tags).toEqual({ scenario: 'browse', method: 'GET', status: '200', expected_response: 'true' });
  });

  it('keeps group values with colons (k6 group paths ::a::b) intact', () => {
    expect(parseThresholdKey('http_req_duration{group:::login}').tags).toEqual({ group: '::login' });
    expect(parseThresholdKey('http_req_duration{group:::login::step 2}').tags).toEqual({ group: '::login::step 2' });
    expect(parseThresholdKey('group_duration{group:login}').tags).toEqual({ group: 'login' });
    expect(parseThresholdKey('checks{group:::login,check:status is 200}').tags).toEqual({
      group: '::login',
      check: 'status is 200',
    });
  });

  it('accepts the tags each non-HTTP metric has', () => {
    expect(parseThresholdKey('iterations{scenario:browse}').tags).toEqual({ scenario: 'browse' });
    expect(parseThresholdKey('iteration_duration{scenario:browse}').tags).toEqual({ scenario: 'browse' });
    expect(parseThresholdKey('dropped_iterations{scenario:browse}').tags).toEqual({ scenario: 'browse' });
    expect(parseThresholdKey('group_duration{scenario:browse,group:::login}').tags).toEqual({
      scenario: 'browse',
      group: '::login',
    });
    expect(parseThresholdKey('checks{scenario:a,group:g,request:r,check:c}').tags).toEqual({
      scenario: 'a',
      group: 'g',
      request: 'r',
      check: 'c',
    });
  });

  it('refuses a tag the metric does not have and lists the ones it has', () => {
    const e = keyError('http_req_duration{colour:red}');
    expect(e.message).toBe(`http_req_duration has no tag 'colour'; it can be filtered by ${HTTP_TAG_LIST}`);
    expect(keyError('iterations{request:Login}').message).toBe(
      "iterations has no tag 'request'; it can be filtered by scenario",
    );
    expect(keyError('group_duration{status:200}').message).toBe(
      "group_duration has no tag 'status'; it can be filtered by scenario, group",
    );
    expect(keyError('checks{method:GET}').message).toBe(
      "checks has no tag 'method'; it can be filtered by scenario, group, request, check",
    );
  });

  it('says so when the metric has no tags at all', () => {
    expect(keyError('vus{scenario:browse}').message).toBe("vus has no tag 'scenario' (it has no tags)");
    expect(keyError('vus_max{scenario:browse}').message).toBe("vus_max has no tag 'scenario' (it has no tags)");
  });

  it('allows the plan’s custom tags on HTTP metrics only', () => {
    expect(parseThresholdKey('http_req_duration{env:prod}', ['env']).tags).toEqual({ env: 'prod' });
    expect(parseThresholdKey('http_reqs{env:prod,request:Login}', ['env', 'team']).tags).toEqual({
      env: 'prod',
      request: 'Login',
    });
    expect(parseThresholdKey('data_received{team:core}', ['env', 'team']).tags).toEqual({ team: 'core' });
    // Without the plan defining it, the tag is unknown.
    expect(keyError('http_req_duration{env:prod}').message).toBe(
      `http_req_duration has no tag 'env'; it can be filtered by ${HTTP_TAG_LIST}`,
    );
    // Defined, but custom tags never land on non-HTTP metrics.
    expect(keyError('iterations{env:prod}', ['env']).message).toBe(
      "iterations has no tag 'env'; it can be filtered by scenario",
    );
    expect(keyError('checks{env:prod}', ['env']).message).toContain("checks has no tag 'env'");
    expect(keyError('group_duration{env:prod}', ['env']).message).toContain("group_duration has no tag 'env'");
    expect(keyError('vus{env:prod}', ['env']).message).toBe("vus has no tag 'env' (it has no tags)");
  });

  it('lists custom tags among the allowed ones on an HTTP metric', () => {
    expect(keyError('http_reqs{colour:red}', ['env']).message).toBe(
      `http_reqs has no tag 'colour'; it can be filtered by ${HTTP_TAG_LIST}, env`,
    );
  });

  it('refuses empty filters, parts without a colon and empty values', () => {
    expect(keyError('http_reqs{}').message).toBe("empty tag filter in 'http_reqs{}'");
    expect(keyError('http_reqs{   }').message).toBe("empty tag filter in 'http_reqs{   }'");
    expect(keyError('http_reqs{request}').message).toBe("tag filter 'request' needs the form tag:value");
    expect(keyError('http_reqs{request:Login, status}').message).toBe("tag filter 'status' needs the form tag:value");
    expect(keyError('http_reqs{request:}').message).toBe("tag 'request' needs a value");
    expect(keyError('http_reqs{request:   }').message).toBe("tag 'request' needs a value");
  });

  it('refuses text that is not a metric name with an optional filter', () => {
    for (const bad of [
      '',
      '1http_reqs',
      'http reqs',
      'http_reqs{request:a',
      'http_reqs}',
      'http-reqs',
      '{request:a}',
    ]) {
      expect(keyError(bad).message, bad).toBe(`'${bad}' is not a metric name, optionally with {tag:value} filters`);
    }
  });

  it('refuses an unknown metric, suggesting a near name and listing the known ones', () => {
    const e = keyError('http_req_duratio');
    expect(e.message).toMatch(
      /^unknown metric 'http_req_duratio' \(did you mean 'http_req_duration'\?\); known metrics: /,
    );
    for (const name of ['http_reqs', 'http_req_duration', 'checks', 'vus_max', 'dropped_iterations'])
      expect(e.message).toContain(name);
    expect(keyError('http_req_durations{request:a}').message).toContain("(did you mean 'http_req_duration'?)");
    expect(keyError('iteration').message).toContain("(did you mean 'iterations'?)");
  });

  it('does not suggest anything when nothing is near', () => {
    const e = keyError('latency');
    expect(e.message).toMatch(/^unknown metric 'latency'; known metrics: /);
    expect(e.message).not.toContain('did you mean');
  });
});

describe('parseThresholdExpr: aggregations per metric type (k6 rules)', () => {
  const cases = Object.entries(METRICS).flatMap(([name, def]) =>
    ALL_AGGS.map((agg) => ({ name, type: def.type, agg })),
  );

  it.each(cases)('$name ($type) with $agg', ({ name, type, agg }) => {
    const rule = ALLOWED[type];
    if (!rule) throw new Error(`unexpected metric type ${type}`);
    if (rule.aggs.includes(agg)) {
      const e = expr(`${agg}<1`, name);
      expect(e.aggregation).toBe(agg === 'p(95)' ? 'p' : agg);
      expect(e.op).toBe('<');
      expect(e.value).toBe(1);
    } else {
      expect(exprError(`${agg}<1`, name).message).toBe(`${name} is a ${type} metric: use ${rule.listed}, not ${agg}`);
    }
  });

  it('reads the typical k6 expressions', () => {
    expect(expr('p(95)<500')).toEqual({ aggregation: 'p', percentile: 95, op: '<', value: 500, source: 'p(95)<500' });
    expect(expr('avg<=200')).toEqual({ aggregation: 'avg', op: '<=', value: 200, source: 'avg<=200' });
    expect(expr('med<150')).toMatchObject({ aggregation: 'med', op: '<', value: 150 });
    expect(expr('min>0')).toMatchObject({ aggregation: 'min', op: '>', value: 0 });
    expect(expr('max<3000')).toMatchObject({ aggregation: 'max', op: '<', value: 3000 });
    expect(expr('rate<0.01', 'http_req_failed')).toEqual({
      aggregation: 'rate',
      op: '<',
      value: 0.01,
      source: 'rate<0.01',
    });
    expect(expr('rate>0.99', 'checks')).toMatchObject({ aggregation: 'rate', op: '>', value: 0.99 });
    expect(expr('count>100', 'http_reqs')).toMatchObject({ aggregation: 'count', op: '>', value: 100 });
    expect(expr('rate>=50', 'http_reqs')).toMatchObject({ aggregation: 'rate', op: '>=', value: 50 });
    expect(expr('value<=10', 'vus')).toMatchObject({ aggregation: 'value', op: '<=', value: 10 });
  });

  it('has no percentile field except for p(N)', () => {
    expect(expr('avg<1')).not.toHaveProperty('percentile');
    expect(expr('count<1', 'http_reqs')).not.toHaveProperty('percentile');
  });
});

describe('parseThresholdExpr: operators, numbers, whitespace, percentiles', () => {
  it.each([
    ['<', '<'],
    ['<=', '<='],
    ['>', '>'],
    ['>=', '>='],
    ['==', '=='],
    ['===', '=='],
    ['!=', '!='],
  ])('operator %s reads as %s', (written, op) => {
    expect(expr(`avg${written}100`).op).toBe(op);
    expect(expr(`avg ${written} 100`).op).toBe(op);
  });

  it('refuses operators k6 does not have', () => {
    for (const bad of ['avg=100', 'avg=>100', 'avg<>100', 'avg!==100', 'avg 100', 'avg<']) {
      expect(exprError(bad, 'http_req_duration').message, bad).toBe(
        `'${bad}' is not a threshold expression such as p(95)<500, avg<200, rate<0.01 or count>100`,
      );
    }
  });

  it('allows whitespace everywhere between the parts', () => {
    expect(expr('  p( 95 ) <  500  ')).toMatchObject({
      aggregation: 'p',
      percentile: 95,
      op: '<',
      value: 500,
      source: '  p( 95 ) <  500  ',
    });
    expect(expr('\tavg\t<=\t20\t')).toMatchObject({ aggregation: 'avg', op: '<=', value: 20 });
  });

  it('reads decimals, negatives and exponents', () => {
    expect(expr('rate<0.001', 'http_req_failed').value).toBe(0.001);
    expect(expr('avg>-1').value).toBe(-1);
    expect(expr('avg<1.5').value).toBe(1.5);
    expect(expr('count<1e3', 'http_reqs').value).toBe(1000);
    expect(expr('rate<2.5E-2', 'checks').value).toBe(0.025);
  });

  it('reads fractional percentiles such as p(99.9)', () => {
    expect(expr('p(99.9)<800')).toMatchObject({ aggregation: 'p', percentile: 99.9, value: 800 });
    expect(expr('p(99.99)<800').percentile).toBe(99.99);
    expect(expr('p(0)>0').percentile).toBe(0);
    expect(expr('p(100)<5000').percentile).toBe(100);
    expect(expr('p(100.0)<5000').percentile).toBe(100);
  });

  it('refuses percentiles above 100', () => {
    expect(exprError('p(101)<500', 'http_req_duration').message).toBe('percentile must be between 0 and 100, got 101');
    expect(exprError('p(100.5)<500', 'http_req_duration').message).toBe(
      'percentile must be between 0 and 100, got 100.5',
    );
  });

  it('refuses malformed percentiles', () => {
    for (const bad of ['p(-1)<500', 'p()<500', 'p95<500', 'p(95<500', 'percentile(95)<500']) {
      expect(exprError(bad, 'http_req_duration').message, bad).toMatch(
        /is not a threshold expression such as p\(95\)<500/,
      );
    }
  });

  it('refuses a unit suffix with a hint that values are plain numbers in ms', () => {
    for (const bad of ['p(95)<500ms', 'avg<2s', 'max < 1m', 'med<500 ms']) {
      const e = exprError(bad, 'http_req_duration');
      expect(e.message, bad).toBe(
        `'${bad}' is not a threshold expression such as p(95)<500, avg<200, rate<0.01 or count>100` +
          ' (values are plain numbers; time metrics are in milliseconds, as in k6)',
      );
    }
  });

  it('gives no unit hint when the problem is something else', () => {
    expect(exprError('p95<500', 'http_req_duration').message).not.toContain('milliseconds');
    expect(exprError('average<500', 'http_req_duration').message).not.toContain('milliseconds');
  });
});

describe('compare', () => {
  it.each<[number, Comparison, number, boolean]>([
    [1, '<', 2, true],
    [2, '<', 2, false],
    [3, '<', 2, false],
    [1, '<=', 2, true],
    [2, '<=', 2, true],
    [3, '<=', 2, false],
    [1, '>', 2, false],
    [2, '>', 2, false],
    [3, '>', 2, true],
    [1, '>=', 2, false],
    [2, '>=', 2, true],
    [3, '>=', 2, true],
    [2, '==', 2, true],
    [2.0001, '==', 2, false],
    [2, '!=', 2, false],
    [2.0001, '!=', 2, true],
    [0.01, '<', 0.01, false],
    [0.009, '<', 0.01, true],
    [-1, '<', 0, true],
  ])('%d %s %d is %s', (a, op, b, want) => {
    expect(compare(a, op, b)).toBe(want);
  });

  it('compares the parsed === operator as strict equality', () => {
    const e = expr('count===5', 'http_reqs');
    expect(compare(5, e.op, e.value)).toBe(true);
    expect(compare(6, e.op, e.value)).toBe(false);
  });
});
