/**
 * HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/), as browsers, proxies and the Loadsmith recorder write
 * it. Lenient where writers differ (missing sizes, extra `_fields`); strict on what a request needs.
 */
import { z } from 'zod';

const NameValue = z.object({ name: z.string(), value: z.string().catch('') });

export const HarPostData = z.object({
  mimeType: z.string().catch(''),
  text: z.string().optional(),
  params: z
    .array(
      z.object({
        name: z.string(),
        value: z.string().optional(),
        fileName: z.string().optional(),
        contentType: z.string().optional(),
      }),
    )
    .optional(),
  encoding: z.string().optional(),
});

export const HarEntry = z.object({
  pageref: z.string().optional(),
  startedDateTime: z.string().optional(),
  time: z.number().optional(),
  _resourceType: z.string().optional(),
  request: z.object({
    method: z.string(),
    url: z.string(),
    httpVersion: z.string().optional(),
    headers: z.array(NameValue).catch([]),
    cookies: z.array(NameValue).optional(),
    postData: HarPostData.optional(),
  }),
  response: z
    .object({
      status: z.number().catch(0),
      headers: z.array(NameValue).catch([]),
      cookies: z.array(NameValue).optional(),
      content: z.object({ mimeType: z.string().optional(), text: z.string().optional() }).optional(),
      _error: z.string().nullable().optional(),
    })
    .optional(),
});
export type HarEntry = z.infer<typeof HarEntry>;

export const Har = z.object({
  log: z.object({
    version: z.string().optional(),
    creator: z.object({ name: z.string(), version: z.string().optional() }).optional(),
    pages: z
      .array(z.object({ id: z.string(), title: z.string().optional(), startedDateTime: z.string().optional() }))
      .optional(),
    entries: z.array(HarEntry),
  }),
});
export type Har = z.infer<typeof Har>;
