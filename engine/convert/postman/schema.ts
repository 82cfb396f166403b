/**
 * Postman collections (v2.1, and the v2.0 variants Postman still reads) and environment files. Lenient where the
 * format is (a request may be a URL string, headers a string, an event an object instead of a list).
 */
import { z } from 'zod';

export const KeyValue = z
  .object({
    key: z.string().catch(''),
    value: z.unknown().optional(),
    disabled: z.boolean().optional(),
    type: z.string().optional(),
    src: z.unknown().optional(),
    contentType: z.string().optional(),
    description: z.unknown().optional(),
  })
  .passthrough();
export type KeyValue = z.infer<typeof KeyValue>;

export const PostmanAuth = z.object({ type: z.string() }).catchall(z.unknown());
export type PostmanAuth = z.infer<typeof PostmanAuth>;

export const Variable = z.object({
  key: z.string().optional(),
  id: z.string().optional(),
  value: z.unknown().optional(),
  disabled: z.boolean().optional(),
  type: z.string().optional(),
});
export type Variable = z.infer<typeof Variable>;

const Script = z.union([
  z.string(),
  z.object({ exec: z.union([z.array(z.string()), z.string()]).optional() }).passthrough(),
]);
export const PostmanEvent = z.object({
  listen: z.string(),
  script: Script.optional(),
  disabled: z.boolean().optional(),
});
export type PostmanEvent = z.infer<typeof PostmanEvent>;
const Events = z.union([z.array(PostmanEvent), PostmanEvent.transform((e) => [e])]).optional();

export const PostmanUrl = z.union([
  z.string(),
  z.object({
    raw: z.string().optional(),
    protocol: z.string().optional(),
    host: z.union([z.array(z.string()), z.string()]).optional(),
    port: z.string().optional(),
    path: z.union([z.array(z.union([z.string(), z.object({ value: z.string().optional() })])), z.string()]).optional(),
    query: z.array(KeyValue).optional(),
    variable: z.array(KeyValue).optional(),
  }),
]);
export type PostmanUrl = z.infer<typeof PostmanUrl>;

export const PostmanBody = z
  .object({
    mode: z.string().optional(),
    raw: z.string().optional(),
    urlencoded: z.array(KeyValue).optional(),
    formdata: z.array(KeyValue).optional(),
    file: z.object({ src: z.unknown().optional() }).passthrough().optional(),
    graphql: z.object({ query: z.string().optional(), variables: z.string().optional() }).optional(),
    options: z
      .object({ raw: z.object({ language: z.string().optional() }).optional() })
      .passthrough()
      .optional(),
    disabled: z.boolean().optional(),
  })
  .passthrough();
export type PostmanBody = z.infer<typeof PostmanBody>;

export const PostmanRequest = z.union([
  z.string(),
  z
    .object({
      method: z.string().optional(),
      url: PostmanUrl.optional(),
      header: z.union([z.array(KeyValue), z.string()]).optional(),
      body: PostmanBody.nullable().optional(),
      auth: PostmanAuth.nullable().optional(),
    })
    .passthrough(),
]);
export type PostmanRequest = z.infer<typeof PostmanRequest>;

export interface PostmanItem {
  name?: string | undefined;
  item?: PostmanItem[] | undefined;
  request?: PostmanRequest | undefined;
  event?: PostmanEvent[] | undefined;
  auth?: PostmanAuth | null | undefined;
  variable?: Variable[] | undefined;
  response?: unknown[] | undefined;
}

export const PostmanItem: z.ZodType<PostmanItem> = z.lazy(() =>
  z.object({
    name: z.string().optional(),
    item: z.array(PostmanItem).optional(),
    request: PostmanRequest.optional(),
    event: Events,
    auth: PostmanAuth.nullable().optional(),
    variable: z.array(Variable).optional(),
    response: z.array(z.unknown()).optional(),
  }),
);

export const Collection = z.object({
  info: z.object({ name: z.string().optional(), schema: z.string().optional() }).passthrough().optional(),
  name: z.string().optional(),
  item: z.array(PostmanItem),
  auth: PostmanAuth.nullable().optional(),
  variable: z.array(Variable).optional(),
  event: Events,
});
export type Collection = z.infer<typeof Collection>;

export const Environment = z.object({
  name: z.string().optional(),
  values: z.array(
    z.object({
      key: z.string(),
      value: z.unknown().optional(),
      enabled: z.boolean().optional(),
      type: z.string().optional(),
    }),
  ),
});
export type Environment = z.infer<typeof Environment>;
