/**
 * The contract between the UI and the back end: one table of methods and one of events, each with zod schemas.
 * Types are derived from the tables; every transport (HTTP + WebSocket, Electron IPC) carries exactly these.
 * Pure: no Node imports, so the renderer uses it too.
 */
import type { z } from 'zod';
import { designerMethods } from './designer.ts';
import { environmentMethods } from './environments.ts';
import { grpcMethods } from './grpc.ts';
import { planMethods } from './plans.ts';
import { recordingEvents, recordingMethods } from './recordings.ts';
import { runEvents, runMethods } from './runs.ts';
import { appEvents, settingsMethods } from './settings.ts';

export const METHODS = {
  ...planMethods,
  ...environmentMethods,
  ...runMethods,
  ...settingsMethods,
  ...designerMethods,
  ...grpcMethods,
  ...recordingMethods,
} as const;
export const EVENTS = { ...runEvents, ...appEvents, ...recordingEvents } as const;

export type Methods = typeof METHODS;
export type MethodName = keyof Methods;
export type EventName = keyof typeof EVENTS;
/** What a caller passes (before defaults/transforms). */
export type Params<M extends MethodName> = z.input<Methods[M]['params']>;
/** What a handler receives (validated). */
export type ParsedParams<M extends MethodName> = z.output<Methods[M]['params']>;
export type Result<M extends MethodName> = z.output<Methods[M]['result']>;
export type EventPayload<E extends EventName> = z.output<(typeof EVENTS)[E]>;

/** The back end implements every method; a handler's return type is checked against the result schema. */
export type Handlers = { [M in MethodName]: (params: ParsedParams<M>) => Promise<Result<M>> | Result<M> };

export function isMethod(name: string): name is MethodName {
  return Object.hasOwn(METHODS, name);
}

export * from './common.ts';
export * from './errors.ts';
export * from './plans.ts';
export * from './environments.ts';
export * from './runs.ts';
export * from './settings.ts';
export * from './designer.ts';
export * from './grpc.ts';
export * from './recordings.ts';
