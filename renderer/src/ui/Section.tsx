/** A titled region (h2 + content), so each part of a page is a landmark with a name. */
import { useId, type ReactNode } from 'react';

/** <section aria-labelledby> with an h2 `title`. */
export function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={className ?? 'section'}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
