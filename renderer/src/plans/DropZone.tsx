/**
 * Plan files dropped anywhere on the page are imported. The overlay appears only while files (not text or links)
 * are dragged over, and the browser's default "open the file" is prevented.
 */
import { useRef, useState, type DragEvent, type ReactNode } from 'react';

const hasFiles = (e: DragEvent): boolean => [...e.dataTransfer.types].includes('Files');

/** Wraps a page; calls `onFiles` with the dropped files. */
export function DropZone({ onFiles, children, label }: { onFiles: (files: File[]) => void; children: ReactNode; label: string }) {
  const [over, setOver] = useState(false);
  // dragenter/dragleave fire for every child crossed; count them so the overlay does not flicker.
  const depth = useRef(0);
  return (
    <div
      className={`dropzone${over ? ' dropzone-over' : ''}`}
      onDragEnter={(e) => { if (!hasFiles(e)) return; e.preventDefault(); depth.current++; setOver(true); }}
      onDragOver={(e) => { if (!hasFiles(e)) return; e.preventDefault(); e.dataTransfer.dropEffect = 'copy'; }}
      onDragLeave={() => { depth.current = Math.max(0, depth.current - 1); if (depth.current === 0) setOver(false); }}
      onDrop={(e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        depth.current = 0;
        setOver(false);
        onFiles([...e.dataTransfer.files]);
      }}
    >
      {children}
      {over && <div className="dropzone-overlay" aria-hidden="true"><p>{label}</p></div>}
    </div>
  );
}
