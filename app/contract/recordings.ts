/**
 * recordings.*: record HTTP(S) traffic through a local proxy (from a launched browser or any client trusting the
 * recorder's CA), list it live, keep it, exchange it as HAR, and turn chosen entries into a plan with proposed
 * correlations the user accepts or rejects. Events: `recording.entry` per finished exchange, `recording.state`.
 */
import { CONFIDENCES, GROUPINGS, SOURCE_KINDS, USE_KINDS } from 'loadsmith/convert/types';
import { z } from 'zod';
import { Id, IsoTime } from './common.ts';
import { ConvertNote } from './plan-files.ts';
import { PlanRecord } from './plans.ts';
import { Entry, EntryFilter, EntrySummary } from './recording-entries.ts';

export * from './recording-entries.ts';

const HOST = z
  .string()
  .trim()
  .min(1)
  .max(300)
  .regex(/^(\*\.)?[A-Za-z0-9.:_[\]-]+$/, { error: 'a host name such as example.com, *.example.com or 127.0.0.1:8443' });
const NAME = z.string().trim().min(1).max(200);
const PROXY_URL = z
  .string()
  .trim()
  .max(2000)
  .regex(/^https?:\/\/[^\s/]+\/?$/i, {
    error: 'an upstream proxy such as http://proxy.example.com:3128 (credentials as http://user:pass@host:port)',
  });

export const Recording = z.object({
  id: Id,
  name: z.string(),
  status: z.enum(['recording', 'stopped']),
  source: z.enum(['proxy', 'har']),
  startedAt: IsoTime,
  stoppedAt: IsoTime.nullable(),
  entryCount: z.int(),
  /** While recording: where clients send their traffic (http://127.0.0.1:PORT), for HTTP and HTTPS alike. */
  proxyUrl: z.string().nullable(),
  /** Upstream proxy (credentials masked), insecure hosts, allowed hosts, HAR file name. */
  options: z.object({
    upstreamProxy: z.string().nullable(),
    insecureHosts: z.array(z.string()),
    allowHosts: z.array(z.string()),
    fileName: z.string().nullable(),
  }),
  /** Browsers launched for this recording that are still open. */
  browsers: z.array(z.object({ pid: z.int(), path: z.string() })),
});
export type Recording = z.infer<typeof Recording>;

export const ClientInstructions = z.object({ client: z.string(), title: z.string(), steps: z.array(z.string()) });

export const ConvertOptions = z.strictObject({
  /** Leave out scripts, styles, images, fonts and media (default true). */
  skipStatic: z.boolean().optional(),
  /** Groups per page navigation (default), per burst separated by gapMs, or none. */
  groupBy: z.enum(GROUPINGS).optional(),
  gapMs: z.int().min(100).max(600_000).optional(),
  /** The recorded pauses as think steps (default true), from minThinkMs (default 500). */
  thinkTimes: z.boolean().optional(),
  minThinkMs: z.int().min(0).max(600_000).optional(),
  /** Send the browser's User-Agent (default: the engine's own). */
  keepUserAgent: z.boolean().optional(),
});
export type ConvertOptions = z.infer<typeof ConvertOptions>;

/** A value a response produced and later requests send back: extract it, use it as ${variable}. */
export const CorrelationProposal = z.object({
  id: z.string(),
  variable: z.string(),
  confidence: z.enum(CONFIDENCES),
  /** Pre-ticked in the UI (high and medium confidence). */
  suggested: z.boolean(),
  /** Applied in the proposal's plan. */
  applied: z.boolean(),
  source: z.object({
    entryId: z.int(),
    where: z.enum(SOURCE_KINDS),
    name: z.string(),
    extractor: z.record(z.string(), z.unknown()),
    description: z.string(),
  }),
  uses: z.array(z.object({ entryId: z.int(), where: z.enum(USE_KINDS), name: z.string(), encoded: z.boolean() })),
  /** The value, shortened; tokens and other secrets show their first characters only. */
  preview: z.string(),
  valueLength: z.int(),
});
export type CorrelationProposal = z.infer<typeof CorrelationProposal>;

/** A value typed into a form that creates something: sent with a unique part on every iteration, if accepted. */
export const UniqueValueProposal = z.object({
  id: z.string(),
  /** The submission that sends it. */
  entryId: z.int(),
  field: z.string(),
  /** As recorded, shortened. */
  value: z.string(),
  /** What the field sends instead, e.g. `Editors-${uuid()}`. */
  replacement: z.string(),
  /** Pre-ticked in the UI (the form's path says it creates something: add, new, create, signup...). */
  suggested: z.boolean(),
  /** Applied in the proposal's plan. */
  applied: z.boolean(),
});
export type UniqueValueProposal = z.infer<typeof UniqueValueProposal>;

const Selection = {
  id: Id,
  entryIds: z.array(z.int().min(1)).max(100_000).optional(),
  options: ConvertOptions.optional(),
  /** The typed values to make unique, by id from propose; default: the suggested ones. */
  acceptedUniqueValues: z.array(z.string().max(100)).max(10_000).optional(),
};

export const PlanProposal = z.object({
  /** The plan with the suggested (or accepted) correlations and unique values applied: what toPlan stores with the same choices. */
  plan: z.unknown(),
  requests: z.int(),
  correlations: z.array(CorrelationProposal),
  uniqueValues: z.array(UniqueValueProposal),
  /** Environment variables the plan reads: credentials moved out of it, BASE_URL. */
  variables: z.array(z.string()),
  notes: z.array(ConvertNote),
});
export type PlanProposal = z.infer<typeof PlanProposal>;

export const recordingMethods = {
  /** Starts the proxy on 127.0.0.1 (a free port unless `port`); one recording at a time. */
  'recordings.start': {
    params: z.strictObject({
      name: NAME.optional(),
      port: z.int().min(1).max(65_535).optional(),
      upstreamProxy: PROXY_URL.optional(),
      /** Hosts whose HTTPS certificate is not checked (self-signed development servers). */
      insecureHosts: z.array(HOST).max(100).optional(),
      /** Record only these hosts; others are refused without being contacted. */
      allowHosts: z.array(HOST).max(100).optional(),
    }),
    result: z.object({ id: Id, proxyUrl: z.string(), port: z.int(), caFingerprint: z.string(), recording: Recording }),
  },
  /** Stops the proxy and closes the browsers it launched. */
  'recordings.stop': { params: z.strictObject({ id: Id }), result: Recording },
  'recordings.detectBrowsers': {
    params: z.strictObject({}),
    result: z.object({
      browsers: z.array(z.object({ path: z.string(), name: z.string() })),
      preferred: z.string().nullable(),
      /** Why no browser window can open here (no DISPLAY or WAYLAND_DISPLAY) and what to do; null when one may. */
      noDisplay: z.string().nullable(),
    }),
  },
  /** A Chromium/Chrome with a fresh profile, through the proxy, trusting the CA for this window only. */
  'recordings.launchBrowser': {
    params: z.strictObject({
      id: Id,
      browserPath: z.string().min(1).max(4000).optional(),
      startUrl: z.url({ protocol: /^https?$/ }).optional(),
      headless: z.boolean().optional(),
    }),
    result: z.object({ browser: z.string(), pid: z.int() }),
  },
  'recordings.list': { params: z.strictObject({}), result: z.array(Recording) },
  'recordings.get': { params: z.strictObject({ id: Id }), result: Recording },
  'recordings.rename': { params: z.strictObject({ id: Id, name: NAME }), result: Recording },
  'recordings.delete': { params: z.strictObject({ id: Id }), result: z.strictObject({ deleted: z.boolean() }) },
  'recordings.entries': {
    params: z.strictObject({ id: Id, filter: EntryFilter.optional() }),
    result: z.array(EntrySummary),
  },
  /** One exchange in full; secret values REDACTED unless revealSecrets. */
  'recordings.entry': {
    params: z.strictObject({ id: Id, entryId: z.int().min(1), revealSecrets: z.boolean().optional() }),
    result: Entry,
  },
  /** The recorder's CA certificate (never its key), to trust it in other clients. */
  'recordings.ca': {
    params: z.strictObject({}),
    result: z.object({
      certificatePem: z.string(),
      certificatePath: z.string(),
      fileName: z.string(),
      spkiFingerprint: z.string(),
      sha256: z.string(),
      notAfter: IsoTime,
      instructions: z.array(ClientInstructions),
      /** The flags that make a Chromium record through the proxy, one program argument each (no shell quoting). */
      chromiumArgs: z.array(z.string()),
    }),
  },
  'recordings.exportHar': {
    params: z.strictObject({
      id: Id,
      entryIds: z.array(z.int().min(1)).max(100_000).optional(),
      includeSecrets: z.boolean().optional(),
    }),
    result: z.object({ fileName: z.string(), text: z.string(), mediaType: z.string(), redacted: z.int() }),
  },
  'recordings.importHar': {
    params: z.strictObject({ text: z.string().max(200_000_000), fileName: z.string().max(500), name: NAME.optional() }),
    result: Recording,
  },
  /**
   * The plan the chosen entries make and the correlations found; nothing is stored. The plan applies the suggested
   * correlations, or exactly `acceptedCorrelations` when given (to preview the user's choice).
   */
  'recordings.propose': {
    params: z.strictObject({ ...Selection, acceptedCorrelations: z.array(z.string().max(100)).max(10_000).optional() }),
    result: PlanProposal,
  },
  /** Stores the plan with the accepted correlations (by id from propose) applied. */
  'recordings.toPlan': {
    params: z.strictObject({
      ...Selection,
      acceptedCorrelations: z.array(z.string().max(100)).max(10_000),
      name: NAME,
    }),
    result: z.object({ plan: PlanRecord, variables: z.array(z.string()), notes: z.array(ConvertNote) }),
  },
} as const;

export const recordingEvents = {
  /** A finished exchange of a recording in progress. */
  'recording.entry': z.object({ recordingId: Id, entry: EntrySummary }),
  /** A recording started or stopped, or one of its browsers opened or closed. */
  'recording.state': z.object({ recording: Recording }),
} as const;
