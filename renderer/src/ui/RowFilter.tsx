/** A long table's filter: searchbox "Filter <noun>s", and a status saying what the table shows (ui/shown.ts). */
interface Props {
  noun: string;
  placeholder: string;
  filter: string;
  onFilter: (filter: string) => void;
  note: string;
}

export function RowFilter({ noun, placeholder, filter, onFilter, note }: Props) {
  return (
    <div className="toolbar">
      <input
        type="search"
        aria-label={`Filter ${noun}s`}
        placeholder={placeholder}
        value={filter}
        onChange={(e) => onFilter(e.target.value)}
      />
      <span className="muted small" role="status">
        {note}
      </span>
    </div>
  );
}
