/** Headline numbers as tiles in a named list (each tile: a label and a value). */

export function Tiles({ label, tiles }: { label: string; tiles: readonly (readonly [string, string])[] }) {
  return (
    <ul className="tiles" aria-label={label}>
      {tiles.map(([name, value]) => (
        <li key={name} className="tile">
          <span className="tile-label">{name}</span>
          <span className="tile-value">{value}</span>
        </li>
      ))}
    </ul>
  );
}
