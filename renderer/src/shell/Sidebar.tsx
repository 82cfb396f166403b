/** The left navigation: the four sections, the current one marked with aria-current. */
import { hrefFor, sectionOf, type Route } from '../routing/route.ts';

const SECTIONS = [
  { section: 'plans', label: 'Plans', href: hrefFor({ page: 'plans' }) },
  { section: 'recorder', label: 'Recorder', href: hrefFor({ page: 'recorder' }) },
  { section: 'environments', label: 'Environments', href: hrefFor({ page: 'environments' }) },
  { section: 'runs', label: 'Runs', href: hrefFor({ page: 'runs' }) },
] as const;

/** Links "Plans", "Recorder", "Environments", "Runs" in a navigation landmark named "Main". */
export function Sidebar({ route }: { route: Route }) {
  const current = sectionOf(route);
  return (
    <aside className="sidebar">
      <div className="brand" aria-hidden="true">
        <img src="./favicon.svg" alt="" width="22" height="22" />
        <span>Loadsmith</span>
      </div>
      <nav aria-label="Main">
        <ul>
          {SECTIONS.map((s) => (
            <li key={s.section}>
              <a href={s.href} aria-current={current === s.section ? 'page' : undefined}>
                {s.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}
