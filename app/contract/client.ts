/**
 * The UI's side: a typed client over any transport. Results and events are validated where they enter the UI,
 * so a back end that breaks the contract shows a clear error instead of undefined behaviour.
 */
import { ContractError, Envelope, type ErrorBody } from './errors.ts';
import {
  EVENTS,
  METHODS,
  type EventName,
  type EventPayload,
  type MethodName,
  type Params,
  type Result,
} from './index.ts';

/** How calls and events travel: Electron IPC, or HTTP + WebSocket. */
export interface Transport {
  call(method: string, params: unknown): Promise<unknown>;
  /** Every event from the back end; returns an unsubscribe function. */
  subscribe(listener: (event: string, payload: unknown) => void): () => void;
}

export interface Client {
  call<M extends MethodName>(method: M, params: Params<M>): Promise<Result<M>>;
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
}

export function createClient(transport: Transport): Client {
  return {
    async call(method, params) {
      const raw = await transport.call(method, params);
      const env = Envelope.safeParse(raw);
      if (!env.success) throw new ContractError('invalid_result', `${method}: the back end sent a malformed reply`);
      if (!env.data.ok) throw fromBody(env.data.error);
      const result = METHODS[method].result.safeParse(env.data.result);
      if (!result.success)
        throw new ContractError(
          'invalid_result',
          `${method}: the reply does not match the contract (${result.error.issues[0]?.message ?? ''})`,
        );
      return result.data as Result<typeof method>;
    },
    on(event, listener) {
      return transport.subscribe((name, payload) => {
        if (name !== event) return;
        const parsed = EVENTS[event].safeParse(payload);
        if (parsed.success) listener(parsed.data as EventPayload<typeof event>);
      });
    },
  };
}

function fromBody(e: ErrorBody): ContractError {
  return new ContractError(e.code, e.message, e.issues);
}
