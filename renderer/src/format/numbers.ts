/** Numbers for people, exactly as the CLI prints them (the engine's formatters, through the contract). */
export {
  fmtBytes,
  fmtCount,
  fmtMs,
  fmtPct,
  fmtRate,
  observedName,
  thresholdValue as fmtThresholdValue,
} from 'loadsmith/report';
