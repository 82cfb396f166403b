/** The engine's notes about the run (e.g. "the generator may have been the bottleneck"). */
import { Section } from '../../ui/Section.tsx';

/** Section "Notes", a list; nothing when there are none. */
export function NotesSection({ notes }: { notes: readonly string[] }) {
  if (notes.length === 0) return null;
  return (
    <Section title="Notes">
      <ul className="notes">
        {notes.map((n, i) => (
          <li key={i}>{n}</li>
        ))}
      </ul>
    </Section>
  );
}
