/**
 * engine/convert: importers (cURL, HAR, Postman, OpenAPI/Swagger, Vegeta targets, JMeter) and exporters (k6, cURL, HAR).
 * Each converter is a pure function of text (or a plan) and options, returning the result and a report of what
 * did not convert as it was. Shared by the CLI (`loadsmith import` / `loadsmith export`) and the app.
 */
import type { Plan } from '../plan/schema/index.ts';
import { importCurl, type CurlImportOptions } from './curl/import.ts';
import { exportCurl, type CurlExportOptions } from './curl/export.ts';
import { detectFormat } from './detect.ts';
import { exportHar } from './har/export.ts';
import { importHarRecording, type HarRecordingImportOptions } from './recording/har-plan.ts';
import { importJmeter, type JmeterImportOptions } from './jmeter/import.ts';
import { exportK6, type K6ExportOptions } from './k6/export.ts';
import { importOpenApi, type OpenApiImportOptions } from './openapi/import.ts';
import { importPostman, type PostmanImportOptions } from './postman/import.ts';
import {
  ConvertError,
  IMPORT_FORMATS,
  type ExportFormat,
  type ExportResult,
  type ImportFormat,
  type ImportResult,
} from './types.ts';
import { importVegeta, type VegetaImportOptions } from './vegeta/import.ts';

export * from './types.ts';
export { detectFormat } from './detect.ts';
export { planToYaml } from './plan-yaml.ts';
export { importCurl, exportCurl, exportHar, importPostman, importOpenApi, importVegeta, importJmeter, exportK6 };

export type AnyImportOptions = CurlImportOptions &
  HarRecordingImportOptions &
  PostmanImportOptions &
  OpenApiImportOptions &
  VegetaImportOptions &
  JmeterImportOptions;

/** Imports `text` in the given format, or the one detected from its content and file name. */
export function importPlan(text: string, from: ImportFormat | undefined, o: AnyImportOptions = {}): ImportResult {
  const format = from ?? detectFormat(text, o.file);
  if (format === undefined) {
    throw new ConvertError(
      `${o.file ?? 'input'}: cannot tell which format this is; say it with --from ${IMPORT_FORMATS.join('|')}`,
    );
  }
  switch (format) {
    case 'curl':
      return importCurl(text, o);
    // A HAR is a recording: converted as the recorder does (correlated tokens, checks), in the CLI and the app alike.
    case 'har':
      return importHarRecording(text, o);
    case 'postman':
      return importPostman(text, o);
    case 'openapi':
      return importOpenApi(text, o);
    case 'vegeta':
      return importVegeta(text, o);
    case 'jmeter':
      return importJmeter(text, o);
  }
}

export type AnyExportOptions = K6ExportOptions & CurlExportOptions;

export function exportPlan(plan: Plan, to: ExportFormat, o: AnyExportOptions = {}): ExportResult {
  switch (to) {
    case 'k6':
      return exportK6(plan, o);
    case 'curl':
      return exportCurl(plan, o);
    case 'har':
      return exportHar(plan);
  }
}
