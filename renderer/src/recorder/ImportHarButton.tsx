/** "Import HAR…": the native open dialog on the desktop, a file input in the browser. */
import { useRef } from 'react';
import { useCapabilities } from '../api.tsx';

/** Button "Import HAR…" and, in the browser, the file input "HAR file to import". */
export function ImportHarButton({ onImport }: { onImport: (file: File | null) => Promise<unknown> }) {
  const { nativeDialogs } = useCapabilities();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" onClick={() => (nativeDialogs ? void onImport(null) : input.current?.click())}>
        Import HAR…
      </button>
      {!nativeDialogs && (
        <input
          ref={input}
          type="file"
          className="visually-hidden"
          tabIndex={-1}
          aria-label="HAR file to import"
          accept=".har,.json,application/json"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void onImport(file);
          }}
        />
      )}
    </>
  );
}
