/** One recording, kept current: reloaded when it starts, stops, or a browser of it opens or closes. */
import type { Recording } from '../../../app/contract/recordings.ts';
import { useEvent, useLoad, useOnReconnect, type Loaded } from '../ui/hooks.ts';

export function useRecording(id: string): Loaded<Recording> {
  const loaded = useLoad((c) => c.call('recordings.get', { id }), `recordings.get:${id}`);
  const { reload } = loaded;
  useEvent('recording.state', (p) => {
    if (p.recording.id === id) reload();
  });
  useOnReconnect(reload);
  return loaded;
}

/** Every stored recording, newest first as the back end lists them, kept current the same way. */
export function useRecordings(): Loaded<Recording[]> {
  const loaded = useLoad((c) => c.call('recordings.list', {}), 'recordings.list');
  const { reload } = loaded;
  useEvent('recording.state', reload);
  useOnReconnect(reload);
  return loaded;
}
