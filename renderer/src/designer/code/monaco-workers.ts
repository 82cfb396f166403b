/**
 * Where Monaco's web workers come from: Vite `?worker` bundles of our own, served from our origin (the CSP
 * allows `worker-src 'self'`; nothing is fetched from a CDN, so the editor works offline).
 */
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/languages/features/json/json.worker?worker';
import YamlWorker from 'monaco-yaml/yaml.worker?worker';

/** Installs `self.MonacoEnvironment`; the label is the language id a language service asks a worker for. */
export function installMonacoWorkers(): void {
  self.MonacoEnvironment = {
    getWorker(_workerId: string, label: string): Worker {
      if (label === 'json') return new JsonWorker();
      if (label === 'yaml') return new YamlWorker();
      return new EditorWorker();
    },
  };
}

/** The options monaco-yaml (through monaco-worker-manager) passes to `editor.createWebWorker`. */
export interface LegacyWorkerOptions {
  label?: string;
  moduleId?: string;
  createData?: unknown;
}

/**
 * Monaco ≥ 0.55 wants `createWebWorker({ worker })`; monaco-yaml still passes `{ label, moduleId, createData }`,
 * which only the full `monaco-editor` entry point converts. This does the same conversion for our lean build:
 * the worker's first message is ignored, the second carries createData (see monaco's internal/common/workers).
 */
export function legacyWorker(opts: LegacyWorkerOptions): Promise<Worker> {
  const make = self.MonacoEnvironment?.getWorker;
  if (!make) return Promise.reject(new Error('Monaco workers are not installed'));
  return Promise.resolve(make('workerMain.js', opts.label ?? 'editorWorkerService')).then((w) => {
    w.postMessage('ignore');
    w.postMessage(opts.createData);
    return w;
  });
}
