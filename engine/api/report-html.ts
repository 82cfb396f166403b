/** `loadsmith/report/html` — the single-file HTML report of a run's summary. Node only (it reads the ECharts file). */
export { htmlReport, reportData, type HtmlReportOptions, type ReportData } from '../report/html/index.ts';
