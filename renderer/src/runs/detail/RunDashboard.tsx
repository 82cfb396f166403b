/**
 * One dashboard for a running and a finished run: key numbers, generator health, stalls, charts, phases (a run
 * changed mid-run), thresholds, the
 * per-request table with a chart per request, checks, status codes, errors, scenarios and notes. Live data while
 * it runs; the stored summary once it is done (see dashboard-data.ts).
 */
import { useMemo } from 'react';
import type { RunDetail } from '../../../../app/contract/runs.ts';
import type { RunPoint, Tick } from '../live/types.ts';
import { ChecksSection } from './ChecksSection.tsx';
import { dashboardData } from './dashboard-data.ts';
import { ErrorsSection } from './ErrorsSection.tsx';
import { GeneratorWarning } from './GeneratorWarning.tsx';
import { KeyNumbers } from './KeyNumbers.tsx';
import { LiveNumbers } from './LiveNumbers.tsx';
import { NotesSection } from './NotesSection.tsx';
import { PhasesSection } from './PhasesSection.tsx';
import { RequestsPanel } from './RequestsPanel.tsx';
import { RunCharts } from './RunCharts.tsx';
import { ScenariosSection } from './ScenariosSection.tsx';
import { StallNotice } from './StallNotice.tsx';
import { StatusCodesSection } from './StatusCodesSection.tsx';
import { ThresholdsSection } from './ThresholdsSection.tsx';

interface Props {
  run: RunDetail;
  points: readonly RunPoint[];
  latest: Tick | undefined;
}

const ARRIVAL = /arrival-rate/;

export function RunDashboard({ run, points, latest }: Props) {
  const running = run.status === 'running';
  const s = run.summary;
  const data = useMemo(() => dashboardData(running, latest, s, points), [running, latest, s, points]);
  const openModel = run.info?.scenarios.some((sc) => ARRIVAL.test(sc.executor)) ?? false;
  return (
    <>
      {running ? <LiveNumbers tick={latest} /> : s && <KeyNumbers summary={s} />}
      <GeneratorWarning points={points} summary={s} running={running} />
      <StallNotice stalls={data.stalls} running={running} />
      <RunCharts points={points} openModel={openModel} />
      {!running && s && <PhasesSection control={s.control} />}
      <ThresholdsSection thresholds={data.thresholds} evaluated={data.evaluated} />
      <RequestsPanel rows={data.rows} points={points} empty={data.noRows} />
      {!running && s && <ChecksSection checks={s.checks} />}
      <StatusCodesSection statuses={data.statuses} />
      <ErrorsSection errors={data.errors} {...(!running && s ? { extractFailures: s.extractFailures } : {})} />
      {!running && s && <ScenariosSection scenarios={s.scenarios} />}
      {!running && s && <NotesSection notes={s.notes} />}
    </>
  );
}
