/** Terminal output: the number formatting (numbers.ts) plus ANSI colour when the stream is a terminal. */
export { fmtBytes, fmtCount, fmtMs, fmtPct, fmtRate } from './numbers.ts';

/** ANSI colour only on a terminal and when NO_COLOR is not set. */
export interface Paint {
  green(s: string): string;
  red(s: string): string;
  yellow(s: string): string;
  dim(s: string): string;
  bold(s: string): string;
}

export function paint(enabled: boolean): Paint {
  const wrap =
    (code: number) =>
    (s: string): string =>
      enabled ? `\x1b[${code}m${s}\x1b[0m` : s;
  return { green: wrap(32), red: wrap(31), yellow: wrap(33), dim: wrap(2), bold: wrap(1) };
}

export function useColor(stream: NodeJS.WriteStream): boolean {
  return stream.isTTY === true && process.env.NO_COLOR === undefined && process.env.TERM !== 'dumb';
}
