/** The files the single executable embeds as assets, by key (scripts/build-sea.ts writes them, executable-entry.ts reads them). */
export const EXECUTABLE_ASSETS = {
  /** The worker threads' code, CommonJS with every dependency inside: started as evaluated code. */
  worker: 'worker.cjs',
  /** The ECharts build the HTML report inlines. */
  echarts: 'echarts.min.js',
  /** plans/demo.yaml, for `loadsmith demo`. */
  demoPlan: 'demo.yaml',
} as const;
