import { describe, expect, it } from 'vitest';
import { jsonArgs, shellLine } from './chromium-flags.ts';

const ARGS = [
  '--proxy-server=http://127.0.0.1:8123',
  '--proxy-bypass-list=<-loopback>',
  '--ignore-certificate-errors-spki-list=abc+/d=',
];

describe('Chromium flags', () => {
  it('quotes for a shell only what the shell would read otherwise', () => {
    expect(shellLine(ARGS)).toBe(
      "--proxy-server=http://127.0.0.1:8123 '--proxy-bypass-list=<-loopback>' --ignore-certificate-errors-spki-list=abc+/d=",
    );
    expect(shellLine(["it's"])).toBe("'it'\\''s'");
  });

  it('gives Playwright and Puppeteer each argument as it is, without shell quotes', () => {
    const args = JSON.parse(jsonArgs(ARGS)) as string[];
    expect(args).toEqual(ARGS);
    expect(args[1]).toBe('--proxy-bypass-list=<-loopback>');
  });
});
