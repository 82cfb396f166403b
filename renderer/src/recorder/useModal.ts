/** A <dialog> shown as a modal while its component is mounted (focus trapped, Escape → its onCancel). */
import { useEffect, useRef } from 'react';

export function useModal() {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return ref;
}
