/**
 * recordings.*: the recorder (proxy, CA, browser launcher) and the recording library (entries, HAR, plan
 * conversion with correlations). Recording state changes are `recording.state` events; entries `recording.entry`.
 */
import { recordingToHar, ConvertError, type RecordedExchange } from 'loadsmith/convert';
import { ContractError, entryMatches, type Handlers, type Recording } from '../contract/index.ts';
import { caInstructions } from '../recorder/ca-instructions.ts';
import { detectBrowsers, isExecutable } from '../recorder/browsers.ts';
import { missingDisplay } from '../recorder/display.ts';
import { BrowserLaunchError, recordingFlags } from '../recorder/launch.ts';
import { convertStored, toProposal, type ConvertRequest } from '../recorder/planning.ts';
import { Recorder, RecorderBusyError } from '../recorder/session.ts';
import { summarize, toEntrySummary } from '../recorder/summary.ts';
import { chainOf, toEntry, toRecording } from '../recorder/view.ts';
import type { ServiceContext } from './context.ts';
import { analyzePlan } from './plan-analysis.ts';
import { literalCredentials } from './plan-credentials.ts';
import { appNote } from './plan-import.ts';

type RecordingHandlers = Pick<
  Handlers,
  | 'recordings.start'
  | 'recordings.stop'
  | 'recordings.detectBrowsers'
  | 'recordings.launchBrowser'
  | 'recordings.list'
  | 'recordings.get'
  | 'recordings.rename'
  | 'recordings.delete'
  | 'recordings.entries'
  | 'recordings.entry'
  | 'recordings.ca'
  | 'recordings.exportHar'
  | 'recordings.importHar'
  | 'recordings.propose'
  | 'recordings.toPlan'
>;

export interface RecordingsService {
  handlers: RecordingHandlers;
  /** Stops a recording in progress and its browsers. */ close(): Promise<void>;
}

const BROWSER_SETTING = 'recorder.browserPath';

export function createRecordingsService(ctx: ServiceContext): RecordingsService {
  const { store, events } = ctx;
  store.recordings.markStopped();
  const view = (id: string): Recording => {
    const r = store.recordings.get(id);
    if (!r) throw new ContractError('not_found', `no recording with id ${id}`);
    return toRecording(r, recorder.state(id));
  };
  const announce = (id: string): void => {
    try {
      events.emit('recording.state', { recording: view(id) });
    } catch {
      /* deleted meanwhile: nothing to announce */
    }
  };
  const recorder: Recorder = new Recorder({ ...ctx, onStateChange: announce });
  const busy = <T>(run: () => Promise<T>): Promise<T> =>
    run().catch((e: unknown) => {
      if (e instanceof RecorderBusyError) throw new ContractError('busy', e.message);
      if (e instanceof BrowserLaunchError) throw new ContractError('invalid_params', e.message);
      throw e;
    });
  const converted = <T>(run: () => T): T => {
    try {
      return run();
    } catch (e) {
      if (e instanceof ConvertError) throw new ContractError('invalid_params', e.message);
      throw e;
    }
  };
  const convert = (id: string, r: ConvertRequest) => {
    const rec = view(id);
    const exchanges = store.recordings.exchanges(id);
    return { exchanges, result: converted(() => convertStored(rec, exchanges, r)) };
  };

  const browsers = () => {
    const found = detectBrowsers();
    const last = store.settings.all()[BROWSER_SETTING];
    const preferred = typeof last === 'string' && isExecutable(last) ? last : (found[0]?.path ?? null);
    return { browsers: found, preferred, noDisplay: missingDisplay() ?? null };
  };

  const handlers: RecordingHandlers = {
    'recordings.start': (params) =>
      busy(async () => {
        const { id, proxy, ca } = await recorder.start(params);
        return { id, proxyUrl: proxy.url, port: proxy.port, caFingerprint: ca.spkiFingerprint, recording: view(id) };
      }),
    'recordings.stop': async ({ id }) => {
      view(id);
      await recorder.stop(id);
      return view(id);
    },
    'recordings.detectBrowsers': browsers,
    'recordings.launchBrowser': ({ id, browserPath, startUrl, headless }) =>
      busy(async () => {
        view(id);
        const path = browserPath ?? browsers().preferred;
        if (!path)
          throw new ContractError(
            'not_found',
            'no Chromium, Chrome, Edge or Brave found: install one, or give its path (browserPath)',
          );
        if (!isExecutable(path))
          throw new ContractError(
            'invalid_params',
            `${path} is not an executable file: choose the browser's program (e.g. /usr/bin/chromium)`,
          );
        const b = await recorder.launchBrowser(id, path, {
          ...(startUrl ? { startUrl } : {}),
          ...(headless ? { headless } : {}),
        });
        store.settings.set(BROWSER_SETTING, path);
        return { browser: b.path, pid: b.pid };
      }),
    'recordings.list': () => store.recordings.list().map((r) => toRecording(r, recorder.state(r.id))),
    'recordings.get': ({ id }) => view(id),
    'recordings.rename': ({ id, name }) => {
      view(id);
      store.recordings.rename(id, name);
      return view(id);
    },
    'recordings.delete': async ({ id }) => {
      await recorder.stop(id);
      return { deleted: store.recordings.delete(id) };
    },
    'recordings.entries': ({ id, filter }) => {
      view(id);
      return store.recordings
        .entries(id)
        .map(toEntrySummary)
        .filter((e) => entryMatches(e, filter));
    },
    'recordings.entry': ({ id, entryId, revealSecrets }) => {
      view(id);
      const e = store.recordings.entry(id, entryId);
      if (!e) throw new ContractError('not_found', `recording ${id} has no entry ${entryId}`);
      return toEntry(e.summary, e.exchange, chainOf(entryId, store.recordings.entries(id)), revealSecrets ?? false);
    },
    'recordings.ca': async () => {
      const ca = await recorder.certificateAuthority();
      return {
        certificatePem: ca.certificatePem,
        certificatePath: ca.certPath,
        fileName: 'loadsmith-recorder-ca.pem',
        spkiFingerprint: ca.spkiFingerprint,
        sha256: ca.sha256,
        notAfter: ca.notAfter,
        instructions: caInstructions(ca.certPath, recorder.proxyUrl()),
        chromiumArgs: recordingFlags(recorder.proxyUrl() ?? 'http://127.0.0.1:PORT', ca.spkiFingerprint),
      };
    },
    'recordings.exportHar': ({ id, entryIds, includeSecrets }) => {
      const rec = view(id);
      const wanted = entryIds ? new Set(entryIds) : undefined;
      const exchanges = store.recordings.exchanges(id).filter((x) => !wanted || wanted.has(x.id));
      if (exchanges.length === 0)
        throw new ContractError('invalid_params', `recording ${rec.name} has none of these entries to export`);
      const { text, redacted } = recordingToHar(exchanges, {
        includeSecrets: includeSecrets ?? false,
        title: rec.name,
      });
      return {
        fileName: `${rec.name.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'recording'}.har`,
        text,
        mediaType: 'application/json',
        redacted,
      };
    },
    'recordings.importHar': async ({ text, fileName, name }) => {
      const exchanges = await ctx.imports.run<RecordedExchange[]>('har-recording', { text, fileName }, fileName);
      const id = ctx.newId();
      const first = exchanges[0]!.startedAt;
      store.recordings.create({
        id,
        name: name ?? fileName.replace(/\.har$/i, ''),
        source: 'har',
        status: 'stopped',
        startedAt: new Date(first || ctx.now().getTime()).toISOString(),
        options: { fileName },
      });
      for (const x of exchanges) store.recordings.addEntry(id, summarize(x), x);
      return view(id);
    },
    'recordings.propose': ({ id, entryIds, options, acceptedCorrelations, acceptedUniqueValues }) => {
      const name = `From ${view(id).name}`;
      const accept =
        acceptedCorrelations ??
        convert(id, { entryIds, options, name })
          .result.correlations.filter((c) => c.confidence !== 'low')
          .map((c) => c.id);
      const { exchanges, result } = convert(id, { entryIds, options, name, accept, unique: acceptedUniqueValues });
      return toProposal({ ...result, notes: result.notes.map(appNote) }, exchanges);
    },
    'recordings.toPlan': ({ id, entryIds, options, acceptedCorrelations, acceptedUniqueValues, name }) => {
      const { result } = convert(id, {
        entryIds,
        options,
        name,
        accept: acceptedCorrelations,
        unique: acceptedUniqueValues,
      });
      const a = analyzePlan(result.plan);
      const rec = view(id);
      const created = store.plans.create({
        id: ctx.newId(),
        name: a.name ?? name,
        document: result.plan,
        valid: a.valid,
        scenarios: a.scenarios,
        requests: a.requests,
        note: `converted from recording ${rec.name}`,
      });
      const plan = {
        id: created.id,
        name: created.name,
        revision: created.revision,
        createdAt: created.createdAt,
        updatedAt: created.updatedAt,
        valid: created.valid,
        scenarios: created.scenarios,
        requests: created.requests,
        document: created.document,
        issues: a.issues,
        credentials: literalCredentials(created.document),
      };
      return { plan, variables: result.env, notes: result.notes.map(appNote) };
    },
  };
  return { handlers, close: () => recorder.close() };
}
