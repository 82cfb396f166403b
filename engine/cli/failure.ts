/**
 * What the process does with an error no command handled. Exit 1 means "your plan or your options are wrong"
 * (main.ts reports those), so anything else must not exit 1: a bug prints one line asking for a report, then its
 * stack, and exits 103 (EXIT.engineError), also when it escapes as an uncaught exception or an unhandled
 * rejection, in `ui` too. An error of the system (Node's errors with a syscall: a port in use, a full disk,
 * a permission) is the environment's, not a bug: its message, and exit 1.
 */
import { EXIT } from './usage.ts';

interface SystemError extends Error {
  code: string;
  syscall: string;
}

function isSystemError(e: unknown): e is SystemError {
  return (
    e instanceof Error &&
    typeof (e as Partial<SystemError>).syscall === 'string' &&
    typeof (e as Partial<SystemError>).code === 'string'
  );
}

/** Prints an error that reached the top of the process; returns the exit code. */
export function reportFailure(e: unknown, out: NodeJS.WritableStream = process.stderr): number {
  if (isSystemError(e)) {
    out.write(`error: ${e.message}\n`);
    return EXIT.usage;
  }
  const message = e instanceof Error ? e.message : String(e);
  const stack = e instanceof Error && e.stack ? e.stack : String(e);
  out.write(`internal error: ${message} (a bug in loadsmith: please report it, with the lines below)\n${stack}\n`);
  return EXIT.engineError;
}

/** From now on, an uncaught exception or unhandled rejection is reported as above and ends the process. */
export function exitOnUncaught(): void {
  const fail = (e: unknown): void => {
    process.exit(reportFailure(e));
  };
  process.on('uncaughtException', fail);
  process.on('unhandledRejection', fail);
}
