/**
 * The preview of an import, asked again (after a short pause) whenever the source, format or options change.
 * Answers to older questions are ignored, so a slow preview never replaces a newer one.
 */
import { useEffect, useState } from 'react';
import type { ImportPreview, ImportSource } from '../../../../app/contract/plans.ts';
import { useClient } from '../../api.tsx';

export interface PreviewState {
  preview: ImportPreview | undefined;
  error: unknown;
  loading: boolean;
}

const PAUSE_MS = 250;

export function useImportPreview(params: ImportSource): PreviewState {
  const client = useClient();
  const [state, setState] = useState<PreviewState>({ preview: undefined, error: undefined, loading: true });
  useEffect(() => {
    let current = true;
    setState((s) => ({ ...s, loading: true }));
    const timer = setTimeout(() => {
      client.call('plans.previewImport', params).then(
        (preview) => { if (current) setState({ preview, error: undefined, loading: false }); },
        (error: unknown) => { if (current) setState({ preview: undefined, error, loading: false }); },
      );
    }, PAUSE_MS);
    return () => { current = false; clearTimeout(timer); };
  }, [client, params]);
  return state;
}
