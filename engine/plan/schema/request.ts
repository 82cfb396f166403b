/** A request step: what is sent, how it is checked, what is extracted from the response. */
import { z } from 'zod';
import { Auth } from './auth.ts';
import { ConnectionOptions } from './connection.ts';
import { Check } from './checks.ts';
import { Extractor } from './extract.ts';
import {
  Duration,
  Headers,
  HTTP_METHODS,
  OnFailure,
  Scalar,
  StatusSet,
  Tags,
  Template,
  variableName,
} from './common.ts';

const QueryValue = z.union([Scalar, z.array(Scalar)]);

export const FileBody = z
  .union([z.string().min(1), z.strictObject({ path: z.string().min(1), contentType: z.string().optional() })])
  .meta({ description: 'A file sent as the body; the path is relative to the plan file.' });

export const Request = z
  .strictObject({
    name: z
      .string()
      .min(1)
      .optional()
      .meta({ description: 'Name in results and thresholds ({request:NAME}); default: METHOD and URL as written.' }),
    method: z.enum(HTTP_METHODS).optional().meta({ description: 'Default GET.' }),
    url: Template.min(1).meta({ description: 'Absolute, or relative to defaults.baseUrl. May contain ${...}.' }),
    query: z.record(z.string(), QueryValue).optional(),
    headers: Headers.optional(),
    disabled: z
      .strictObject({
        headers: z.array(z.string().min(1)).optional(),
        query: z.array(z.string().min(1)).optional(),
      })
      .optional()
      .meta({
        description:
          "Headers and query parameters kept in the plan but not sent (as Postman's and Bruno's toggles): names of this request's own `headers` and `query` entries.",
      }),
    json: z.unknown().optional().meta({ description: 'A JSON body; strings inside may contain ${...}.' }),
    form: z
      .record(z.string(), QueryValue)
      .optional()
      .meta({ description: 'An application/x-www-form-urlencoded body.' }),
    text: Template.optional().meta({ description: 'A text body.' }),
    file: FileBody.optional(),
    auth: Auth.optional(),
    timeout: Duration.optional(),
    maxRedirects: z.int().min(0).max(100).optional(),
    http: ConnectionOptions.optional().meta({
      description: 'Connection options for this request (override defaults.http).',
    }),
    expectedStatuses: StatusSet.optional(),
    checks: z.array(Check).optional(),
    extract: z.record(variableName, Extractor).optional(),
    tags: Tags.optional(),
    onFailure: OnFailure.optional(),
  })
  .meta({ id: 'Request', description: 'An HTTP request and what to check and extract from its response.' });
export type Request = z.infer<typeof Request>;

/** The body keys of a request; at most one may be set. */
export const BODY_KEYS = ['json', 'form', 'text', 'file'] as const;
