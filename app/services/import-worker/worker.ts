/**
 * The import worker: parses and converts what the user imports (a plan file, cURL, HAR, Postman, OpenAPI,
 * Vegeta; a HAR for the recorder) away from the app's event loop, so a 13 MB OpenAPI document or a large HAR
 * does not hold up every other call. One job at a time; the client queues them.
 */
import { parentPort } from 'node:worker_threads';
import { harToRecording, ConvertError } from 'loadsmith/convert';
import { ContractError } from '../../contract/errors.ts';
import { analyzePlan } from '../plan-analysis.ts';
import { convertImport, type ImportParams } from '../plan-import.ts';
import { JobMessage, READY, type AnswerMessage } from './protocol.ts';

const port = parentPort;
if (!port) throw new Error('the import worker runs in a worker thread');

port.on('message', (raw: unknown) => {
  const parsed = JobMessage.safeParse(raw);
  if (!parsed.success) return;
  const { id, job, params } = parsed.data;
  let answer: AnswerMessage;
  try {
    answer = { id, ok: true, result: run(job, params) };
  } catch (e) {
    const contract =
      e instanceof ContractError
        ? e.toBody()
        : e instanceof ConvertError
          ? { code: 'invalid_params' as const, message: e.message }
          : undefined;
    answer = { id, ok: false, message: (e as Error).message ?? String(e), ...(contract ? { contract } : {}) };
  }
  port.postMessage(answer);
});

port.postMessage(READY);

function run(job: JobMessage['job'], params: unknown): unknown {
  if (job === 'plan-import') {
    // The params were checked against the contract by the dispatcher before they were sent here.
    const converted = convertImport(params as ImportParams);
    return { converted, analysis: analyzePlan(converted.plan) };
  }
  // A large plan being saved: validated here so that the app answers other calls meanwhile (plan-analysis.ts).
  if (job === 'plan-analysis') return analyzePlan(params);
  const { text, fileName } = params as { text: string; fileName: string };
  return harToRecording(text, fileName);
}
