/** The capture list's filters: hide static assets, include or exclude hosts (recorded ones suggested), search. */
import { useId } from 'react';
import { isFiltering, NO_FILTER, type FilterState } from './filters.ts';

interface Props {
  filter: FilterState;
  onFilter: (f: FilterState) => void;
  hosts: readonly string[];
}

/** Group "Filters": checkbox "Hide static assets", textboxes "Only hosts", "Hide hosts", searchbox "Search entries". */
export function EntryFilters({ filter, onFilter, hosts }: Props) {
  const id = useId();
  const set = (patch: Partial<FilterState>) => onFilter({ ...filter, ...patch });
  return (
    <div className="toolbar entry-filters" role="group" aria-label="Filters">
      <input
        type="search"
        aria-label="Search entries"
        placeholder="Search method, URL, status, type…"
        value={filter.search}
        onChange={(e) => set({ search: e.target.value })}
        className="entry-search"
      />
      <label className="choice">
        <input type="checkbox" checked={filter.hideStatic} onChange={(e) => set({ hideStatic: e.target.checked })} />
        Hide static assets
      </label>
      <label className="inline-label">
        Only hosts
        <input
          list={`${id}-hosts`}
          value={filter.includeHosts}
          placeholder="all"
          onChange={(e) => set({ includeHosts: e.target.value })}
        />
      </label>
      <label className="inline-label">
        Hide hosts
        <input
          list={`${id}-hosts`}
          value={filter.excludeHosts}
          placeholder="none"
          onChange={(e) => set({ excludeHosts: e.target.value })}
        />
      </label>
      <datalist id={`${id}-hosts`}>
        {hosts.map((h) => (
          <option key={h} value={h} />
        ))}
      </datalist>
      {isFiltering(filter) && (
        <button type="button" className="ghost" onClick={() => onFilter(NO_FILTER)}>
          Clear filters
        </button>
      )}
    </div>
  );
}
