/** The window: sidebar, the current page, status bar. Pages are chosen by the hash route. */
import type { ReactNode } from 'react';
import { EnvironmentsPage } from '../environments/EnvironmentsPage.tsx';
import { DesignerPage } from '../designer/DesignerPage.tsx';
import { PlansPage } from '../plans/PlansPage.tsx';
import { RecorderPage } from '../recorder/RecorderPage.tsx';
import { RecordingPage } from '../recorder/RecordingPage.tsx';
import type { Route } from '../routing/route.ts';
import { useRoute } from '../routing/useRoute.ts';
import { ComparePage } from '../runs/compare/ComparePage.tsx';
import { RunDetailPage } from '../runs/RunDetailPage.tsx';
import { RunsPage } from '../runs/RunsPage.tsx';
import { ErrorBoundary } from '../ui/ErrorBoundary.tsx';
import { NotFound } from './NotFound.tsx';
import { Sidebar } from './Sidebar.tsx';
import { StatusBar } from './StatusBar.tsx';

/** The application shell. */
export function App() {
  const route = useRoute();
  const key = JSON.stringify(route);
  return (
    <div className="app">
      <Sidebar route={route} />
      <main className="main">
        <ErrorBoundary resetKey={key}>
          {/* Keyed by route so a page's state (forms, selections) resets when its subject changes. */}
          <PageFor key={key} route={route} />
        </ErrorBoundary>
      </main>
      <StatusBar />
    </div>
  );
}

function PageFor({ route }: { route: Route }): ReactNode {
  switch (route.page) {
    case 'plans':
      return <PlansPage />;
    case 'plan':
      return <DesignerPage id={route.id} />;
    case 'recorder':
      return <RecorderPage />;
    case 'recording':
      return <RecordingPage id={route.id} />;
    case 'environments':
      return <EnvironmentsPage />;
    case 'runs':
      return <RunsPage />;
    case 'run':
      return <RunDetailPage id={route.id} />;
    case 'compare':
      return <ComparePage ids={route.ids} />;
    case 'not-found':
      return <NotFound path={route.path} />;
  }
}
