/**
 * The recorder's Chromium flags in the form each consumer needs: a command line for a shell (each argument quoted
 * when the shell would read it otherwise: `<` redirects) and a JSON array for Playwright's or Puppeteer's `args`
 * (no quotes: a quoted `"<-loopback>"` inside an args array is not the rule Chromium knows, so it skips the proxy
 * for 127.0.0.1 and nothing local is recorded). Pure.
 */

/** `chromium '--proxy-bypass-list=<-loopback>' …`: POSIX shells (bash, zsh; PowerShell reads single quotes alike). */
export function shellLine(args: readonly string[]): string {
  return args.map(shellQuote).join(' ');
}

/** `["--proxy-server=http://127.0.0.1:8080", "--proxy-bypass-list=<-loopback>", …]` */
export function jsonArgs(args: readonly string[]): string {
  return JSON.stringify(args);
}

function shellQuote(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", "'\\''")}'`;
}
