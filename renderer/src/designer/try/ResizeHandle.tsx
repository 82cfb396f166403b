/**
 * The results panel's height: drag the bar above it (or focus it and use the arrow keys) to resize. The height
 * is the panel's own, the same for every tab, and remembered for the next visit.
 */
import { useEffect, useState, type KeyboardEvent, type PointerEvent } from 'react';

const KEY = 'loadsmith.resultsHeight';
const MIN = 120;
const STEP = 40;
const maxHeight = (): number => Math.max(MIN, Math.round(window.innerHeight * 0.8));
const clamp = (h: number): number => Math.min(maxHeight(), Math.max(MIN, Math.round(h)));

function initialHeight(): number {
  const stored = Number(localStorage.getItem(KEY));
  return clamp(Number.isFinite(stored) && stored > 0 ? stored : window.innerHeight * 0.35);
}

export function ResizeHandle() {
  const [height, setHeight] = useState(initialHeight);
  useEffect(() => {
    document.documentElement.style.setProperty('--results-height', `${height}px`);
    localStorage.setItem(KEY, String(height));
  }, [height]);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>): void => {
    const startY = e.clientY;
    const start = height;
    const el = e.currentTarget;
    el.setPointerCapture(e.pointerId);
    const move = (ev: globalThis.PointerEvent): void => setHeight(clamp(start + (startY - ev.clientY)));
    const up = (): void => {
      el.removeEventListener('pointermove', move);
      el.removeEventListener('pointerup', up);
    };
    el.addEventListener('pointermove', move);
    el.addEventListener('pointerup', up);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>): void => {
    if (e.key === 'ArrowUp') {
      e.preventDefault();
      setHeight((h) => clamp(h + STEP));
    }
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setHeight((h) => clamp(h - STEP));
    }
  };
  return (
    <div
      className="results-resize"
      role="separator"
      aria-orientation="horizontal"
      aria-label="Resize results"
      aria-valuemin={MIN}
      aria-valuemax={maxHeight()}
      aria-valuenow={height}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
    />
  );
}
