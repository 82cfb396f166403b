/**
 * The back end's side of every transport: a call (method name + params, as received) is validated against the
 * contract, handled, and answered as an Envelope. A malformed call gets an error envelope, never a crash.
 */
import { ContractError, type Envelope } from './errors.ts';
import { isMethod, METHODS, type Handlers } from './index.ts';

export interface Dispatcher {
  call(method: string, params: unknown): Promise<Envelope>;
}

export interface DispatcherOptions {
  /** Check results against the contract too (tests and development: a handler bug shows as `invalid_result`). */
  checkResults?: boolean;
  /** Told about unexpected errors (bugs), e.g. to log them; the caller only gets a short message. */
  onInternalError?: (method: string, error: unknown) => void;
}

export function createDispatcher(handlers: Handlers, options: DispatcherOptions = {}): Dispatcher {
  return {
    async call(method, params) {
      if (!isMethod(method)) return fail('unknown_method', `unknown method '${method}'`);
      const spec = METHODS[method];
      const parsed = spec.params.safeParse(params ?? {});
      if (!parsed.success) return fail('invalid_params', `${method}: ${describeIssues(parsed.error.issues)}`);
      try {
        const handler = handlers[method] as (p: unknown) => unknown;
        const result = await handler(parsed.data);
        if (options.checkResults) {
          const checked = spec.result.safeParse(result);
          if (!checked.success)
            return fail(
              'invalid_result',
              `${method} returned data that does not match the contract: ${describeIssues(checked.error.issues)}`,
            );
        }
        return { ok: true, result };
      } catch (e) {
        if (e instanceof ContractError) return { ok: false, error: e.toBody() };
        options.onInternalError?.(method, e);
        return fail('internal', `${method} failed: ${(e as Error).message ?? String(e)}`);
      }
    },
  };
}

function fail(code: 'unknown_method' | 'invalid_params' | 'invalid_result' | 'internal', message: string): Envelope {
  return { ok: false, error: { code, message } };
}

function describeIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  return issues
    .slice(0, 5)
    .map((i) => `${i.path.length ? `${i.path.map(String).join('.')}: ` : ''}${i.message}`)
    .join('; ');
}
