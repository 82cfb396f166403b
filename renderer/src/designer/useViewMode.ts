/** Form, code, or both side by side; remembered in this browser. */
import { useState } from 'react';

export type ViewMode = 'form' | 'split' | 'code';
const KEY = 'loadsmith.designer.view';

export function useViewMode(): [ViewMode, (m: ViewMode) => void] {
  const [mode, setMode] = useState<ViewMode>(() => {
    const saved = typeof localStorage !== 'undefined' ? localStorage.getItem(KEY) : null;
    return saved === 'form' || saved === 'split' || saved === 'code' ? saved : 'form';
  });
  return [
    mode,
    (m) => {
      setMode(m);
      try {
        localStorage.setItem(KEY, m);
      } catch {
        /* private mode */
      }
    },
  ];
}
