/**
 * The lean Monaco the designer loads on demand (see load-monaco.ts): the editor core, the editing features
 * a YAML/JSON editor needs, YAML and JSON languages, and monaco-yaml checking plans against the plan schema.
 * Importing `monaco-editor` itself would pull ~80 languages and the TypeScript service.
 */
import * as monaco from 'monaco-editor/editor';
import 'monaco-editor/features/codicon/register';
import 'monaco-editor/features/codeEditor/register';
import 'monaco-editor/features/bracketMatching/register';
import 'monaco-editor/features/clipboard/register';
import 'monaco-editor/features/codeAction/register';
import 'monaco-editor/features/comment/register';
import 'monaco-editor/features/contextmenu/register';
import 'monaco-editor/features/cursorUndo/register';
import 'monaco-editor/features/documentSymbols/register';
import 'monaco-editor/features/find/register';
import 'monaco-editor/features/folding/register';
import 'monaco-editor/features/format/register';
import 'monaco-editor/features/gotoError/register';
import 'monaco-editor/features/gotoLine/register';
import 'monaco-editor/features/hover/register';
import 'monaco-editor/features/indentation/register';
import 'monaco-editor/features/linesOperations/register';
import 'monaco-editor/features/links/register';
import 'monaco-editor/features/multicursor/register';
import 'monaco-editor/features/quickOutline/register';
import 'monaco-editor/features/smartSelect/register';
import 'monaco-editor/features/snippet/register';
import 'monaco-editor/features/suggest/register';
// The suggest widget itself has no features/ entry (editor.main.js imports it directly).
import 'monaco-editor/editor/contrib/suggest/browser/suggestController';
import 'monaco-editor/features/toggleTabFocusMode/register';
import 'monaco-editor/features/wordHighlighter/register';
import 'monaco-editor/features/wordOperations/register';
import 'monaco-editor/languages/definitions/yaml/register';
import 'monaco-editor/languages/features/json/register';
import { configureMonacoYaml, type JSONSchema } from 'monaco-yaml';
import planSchema from '../../../../plans/plan.schema.json' with { type: 'json' };
import { installMonacoWorkers, legacyWorker, type LegacyWorkerOptions } from './monaco-workers.ts';
import { followColorScheme } from './theme.ts';

export type Monaco = typeof monaco;

/** Plan models are named `<something>.plan.yaml`; only they are checked against the plan schema. */
export const PLAN_FILE_MATCH = '**/*.plan.yaml';

installMonacoWorkers();
followColorScheme(monaco);

// monaco-yaml gets the API with a createWebWorker that understands its options; the global API stays untouched.
const forYaml = {
  ...monaco,
  editor: {
    ...monaco.editor,
    createWebWorker: (opts: LegacyWorkerOptions) => monaco.editor.createWebWorker({ worker: legacyWorker(opts) }),
  },
};

configureMonacoYaml(forYaml as unknown as Parameters<typeof configureMonacoYaml>[0], {
  enableSchemaRequest: false, // offline: the schema is bundled, nothing is fetched
  validate: true,
  completion: true,
  hover: true,
  format: { enable: true },
  isKubernetes: false,
  schemas: [
    {
      uri: 'https://loadsmith.dev/schemas/plan.schema.json',
      fileMatch: [PLAN_FILE_MATCH],
      schema: planSchema as unknown as JSONSchema,
    },
  ],
});

export { monaco };
