/** Authentication a request (or the plan's defaults) sends. Secrets belong in env variables: `${env.API_TOKEN}`. */
import { z } from 'zod';
import { Template } from './common.ts';

export const Auth = z
  .discriminatedUnion('type', [
    z.strictObject({ type: z.literal('none') }).meta({ description: 'Send no credentials (overrides the defaults).' }),
    z.strictObject({
      type: z.literal('bearer'),
      token: Template,
      scheme: z
        .string()
        .regex(/^[A-Za-z][A-Za-z0-9_-]*$/)
        .optional()
        .meta({ description: 'Authorization scheme word; default Bearer (use Token for DRF-style APIs).' }),
    }),
    z.strictObject({ type: z.literal('basic'), username: Template, password: Template }),
    z.strictObject({
      type: z.literal('apiKey'),
      name: z.string().min(1).meta({ description: 'Header or query parameter name, e.g. X-API-Key.' }),
      value: Template,
      in: z.enum(['header', 'query']).optional().meta({ description: 'Where the key goes; default header.' }),
    }),
  ])
  .meta({ id: 'Auth' });
export type Auth = z.infer<typeof Auth>;
