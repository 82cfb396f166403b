import { describe, expect, it } from 'vitest';
import { observedName, observedText, thresholdValue } from './threshold-value.ts';

describe('threshold values', () => {
  it('uses the unit the expression compares', () => {
    expect(thresholdValue('http_req_duration{request:List users}', 'p(95)<500', 123.456)).toBe('123ms');
    expect(thresholdValue('http_req_looking_up', 'p(95)<5', 0.5)).toBe('500µs');
    expect(thresholdValue('http_req_failed', 'rate<0.01', 0.0123)).toBe('1.23%');
    expect(thresholdValue('http_reqs', 'rate>100', 250.1234)).toBe('250.123');
    expect(thresholdValue('http_reqs', 'count>10', 42)).toBe('42');
    expect(thresholdValue('http_req_duration', 'count>10', 42)).toBe('42');
  });

  it('names the aggregation and says when there was no data', () => {
    expect(observedName('p( 95 )<500')).toBe('p(95)');
    expect(observedName('rate<0.01')).toBe('rate');
    expect(observedText({ metric: 'http_req_duration', expression: 'p(99)<300', value: 1234 })).toBe('p(99)=1.23s');
    expect(observedText({ metric: 'checks', expression: 'rate>0.99', value: null })).toBe('no data');
  });
});
