/**
 * Recordings on SQLite: a row per recording, a row per entry with the list's columns in clear and the full
 * exchange as JSON; an entry holding secrets (credentials, cookies, tokens) is encrypted with the store's cipher.
 */
import type { RecordedExchange } from 'loadsmith/convert';
import { isoTime, parseJson, parseJsonOrNull, toJson } from './codec.ts';
import type { RepoContext } from './context.ts';
import type { RecordingRepository, StoredEntrySummary, StoredRecording } from './types.ts';

interface RecordingRow {
  id: string;
  name: string;
  status: 'recording' | 'stopped';
  source: 'proxy' | 'har';
  started_at: string;
  stopped_at: string | null;
  options: string;
  entry_count: number;
}
interface EntryRow {
  id: number;
  started_at: string;
  duration_ms: number;
  method: string;
  url: string;
  host: string;
  status: number;
  mime_type: string;
  type: string;
  size: number;
  redirect_from: number | null;
  error: string | null;
  secret: 0 | 1;
  truncated: 0 | 1;
  messages: number | null;
}
const SUMMARY =
  'id, started_at, duration_ms, method, url, host, status, mime_type, type, size, redirect_from, error, secret, truncated, messages';

export function recordingRepository({ db, now, warn, cipher }: RepoContext): RecordingRepository {
  const insert = db.prepare(
    `INSERT INTO recordings (id, name, status, source, started_at, options) VALUES (@id, @name, @status, @source, @startedAt, @options)`,
  );
  const selectAll = db.prepare('SELECT * FROM recordings ORDER BY started_at DESC, rowid DESC');
  const selectOne = db.prepare('SELECT * FROM recordings WHERE id = ?');
  const updateStop = db.prepare(
    "UPDATE recordings SET status = 'stopped', stopped_at = ? WHERE id = ? AND status = 'recording'",
  );
  const updateName = db.prepare('UPDATE recordings SET name = ? WHERE id = ?');
  const deleteOne = db.prepare('DELETE FROM recordings WHERE id = ?');
  const stopAll = db.prepare(
    "UPDATE recordings SET status = 'stopped', stopped_at = coalesce(stopped_at, ?) WHERE status = 'recording'",
  );
  const insertEntry = db.prepare(`INSERT INTO recording_entries (recording_id, ${SUMMARY}, data, cipher)
    VALUES (@recordingId, @id, @startedAt, @durationMs, @method, @url, @host, @status, @mimeType, @type, @size, @redirectFrom, @error, @secret, @truncated, @messages, @data, @cipher)`);
  const countEntry = db.prepare('UPDATE recordings SET entry_count = entry_count + 1 WHERE id = ?');
  const selectEntries = db.prepare(`SELECT ${SUMMARY} FROM recording_entries WHERE recording_id = ? ORDER BY id`);
  const selectEntry = db.prepare(
    `SELECT ${SUMMARY}, data, cipher FROM recording_entries WHERE recording_id = ? AND id = ?`,
  );
  const selectData = db.prepare('SELECT id, data, cipher FROM recording_entries WHERE recording_id = ? ORDER BY id');

  const toRecording = (r: RecordingRow): StoredRecording => ({
    id: r.id,
    name: r.name,
    status: r.status,
    source: r.source,
    startedAt: r.started_at,
    stoppedAt: r.stopped_at,
    entryCount: r.entry_count,
    options: parseJsonOrNull(r.options, `recordings ${r.id} options`, warn) ?? {},
  });
  const get = (id: string): StoredRecording | undefined => {
    const r = selectOne.get(id) as RecordingRow | undefined;
    return r && toRecording(r);
  };
  const exchange = (
    recordingId: string,
    row: { id: number; data: Buffer | string; cipher: string | null },
  ): RecordedExchange => {
    const where = `recording_entries ${recordingId}#${row.id} data`;
    if (row.cipher !== null && row.cipher !== cipher.kind) {
      throw new Error(
        `${where}: encrypted with ${row.cipher}, but this store decrypts with ${cipher.kind}; open the recording where it was made`,
      );
    }
    const text = row.cipher === null ? Buffer.from(row.data).toString('utf8') : cipher.decrypt(Buffer.from(row.data));
    return parseJson(text, where) as RecordedExchange;
  };
  const add = db.transaction((recordingId: string, summary: StoredEntrySummary, full: RecordedExchange) => {
    const json = toJson(full, `recording ${recordingId} entry ${summary.id}`);
    insertEntry.run({
      recordingId,
      ...summary,
      startedAt: isoTime(summary.startedAt, `entry ${summary.id} startedAt`),
      secret: summary.secret ? 1 : 0,
      truncated: summary.truncated ? 1 : 0,
      data: summary.secret ? cipher.encrypt(json) : Buffer.from(json, 'utf8'),
      cipher: summary.secret ? cipher.kind : null,
    });
    if (countEntry.run(recordingId).changes === 0)
      throw new Error(`cannot add an entry: no recording with id ${recordingId}`);
  });

  return {
    create: (input) => {
      insert.run({
        ...input,
        status: input.status ?? 'recording',
        startedAt: isoTime(input.startedAt, `recording ${input.id} startedAt`),
        options: toJson(input.options ?? {}, `recording ${input.id} options`),
      });
      return get(input.id)!;
    },
    stop: (id) => updateStop.run(now(), id).changes > 0,
    rename: (id, name) => (updateName.run(name, id).changes > 0 ? get(id) : undefined),
    list: () => (selectAll.all() as RecordingRow[]).map(toRecording),
    get,
    delete: (id) => deleteOne.run(id).changes > 0,
    markStopped: () => stopAll.run(now()).changes,
    addEntry: (recordingId, summary, full) => add.immediate(recordingId, summary, full),
    entries: (recordingId) => (selectEntries.all(recordingId) as EntryRow[]).map(toSummary),
    entry: (recordingId, entryId) => {
      const row = selectEntry.get(recordingId, entryId) as
        (EntryRow & { data: Buffer; cipher: string | null }) | undefined;
      return row && { summary: toSummary(row), exchange: exchange(recordingId, row) };
    },
    exchanges: (recordingId) =>
      (selectData.all(recordingId) as { id: number; data: Buffer; cipher: string | null }[]).map((r) =>
        exchange(recordingId, r),
      ),
  };
}

function toSummary(r: EntryRow): StoredEntrySummary {
  return {
    id: r.id,
    startedAt: r.started_at,
    durationMs: r.duration_ms,
    method: r.method,
    url: r.url,
    host: r.host,
    status: r.status,
    mimeType: r.mime_type,
    type: r.type,
    size: r.size,
    redirectFrom: r.redirect_from,
    error: r.error,
    secret: r.secret === 1,
    truncated: r.truncated === 1,
    messages: r.messages,
  };
}
