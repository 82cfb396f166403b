/**
 * environments.*: named sets of variables a run's ${env.NAME} reads. Secret values never leave the back end in
 * clear: the UI sees `secret: true, hasValue`, and sends a value only to replace it.
 */
import { z } from 'zod';
import { Id, IsoTime } from './common.ts';

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export const EnvVariable = z.object({
  name: z.string().regex(NAME, { error: 'variable names use letters, digits and _' }),
  secret: z.boolean(),
  /** Plain variables: the value. Secrets: always null here. */
  value: z.string().nullable(),
  hasValue: z.boolean(),
});
export type EnvVariable = z.infer<typeof EnvVariable>;

export const Environment = z.object({ id: Id, name: z.string(), variables: z.array(EnvVariable), updatedAt: IsoTime });
export type Environment = z.infer<typeof Environment>;

/** On save, a secret with `value` undefined keeps its stored value. */
export const EnvVariableInput = z.strictObject({
  name: z.string().regex(NAME, { error: 'variable names use letters, digits and _' }),
  secret: z.boolean().optional(),
  value: z.string().max(100_000).optional(),
});

export const environmentMethods = {
  'environments.list': { params: z.strictObject({}), result: z.array(Environment) },
  'environments.get': { params: z.strictObject({ id: Id }), result: Environment },
  'environments.save': {
    params: z.strictObject({
      id: Id.optional(),
      name: z.string().trim().min(1).max(200),
      variables: z.array(EnvVariableInput).max(1000),
    }),
    result: Environment,
  },
  'environments.delete': { params: z.strictObject({ id: Id }), result: z.strictObject({ deleted: z.boolean() }) },
} as const;
