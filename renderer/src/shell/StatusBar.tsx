/** The bottom line: which back end this is (mode, version, data directory) and whether live events flow. */
import { useConnectionState } from '../api.tsx';
import { useLoad } from '../ui/hooks.ts';
import type { ConnectionState } from '../transport/index.ts';

const CONNECTION_TEXT: Record<ConnectionState, string> = {
  connecting: 'Connecting…',
  open: 'Connected',
  reconnecting: 'Reconnecting…',
};

/** A contentinfo landmark with "Loadsmith <version> · <mode> mode" and the connection state. */
export function StatusBar() {
  const info = useLoad((c) => c.call('app.info', {}), 'app.info');
  const connection = useConnectionState();
  return (
    <footer className="statusbar">
      <span>
        {info.data ? (
          <>
            Loadsmith {info.data.version} ·{' '}
            <span title={`Data: ${info.data.dataDir}`}>
              {info.data.mode === 'electron' ? 'desktop' : 'browser'} mode
            </span>
          </>
        ) : info.error ? (
          <span className="text-bad">Back end not answering</span>
        ) : (
          'Loadsmith'
        )}
      </span>
      <span role="status" aria-label="Connection" className={`connection connection-${connection}`}>
        <span className="dot" aria-hidden="true" />
        {CONNECTION_TEXT[connection]}
      </span>
    </footer>
  );
}
