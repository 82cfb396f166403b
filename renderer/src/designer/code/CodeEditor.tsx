/** A code editor (JSON, YAML, text). Basic version: a textarea; the code-view work replaces it with Monaco, same props. */
export interface CodeEditorProps {
  value: string;
  onChange(value: string): void;
  language: 'json' | 'yaml' | 'plaintext';
  label: string;
  height?: number | string;
  readOnly?: boolean;
}

export function CodeEditor({ value, onChange, label, height = 200, readOnly }: CodeEditorProps) {
  return <textarea aria-label={label} className="mono" style={{ width: '100%', height }} value={value} readOnly={readOnly} onChange={(e) => onChange(e.target.value)} />;
}
