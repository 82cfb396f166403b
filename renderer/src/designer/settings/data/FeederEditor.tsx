/** One data feeder: its name, file, format, mode, what happens when rows run out, delimiter, and the preview. */
import { objectOf, planOf } from '../../core/doc/index.ts';
import { SelectField, type Option } from '../../fields/SelectField.tsx';
import { TextField } from '../../fields/TextField.tsx';
import { useDesigner } from '../../state/DesignerProvider.tsx';
import { effectiveFormat } from './feeders.ts';
import { FeederName } from './FeederName.tsx';
import { FilePreview } from './FilePreview.tsx';

const DELIMITERS: Option[] = [
  { value: ',', label: 'comma ,' },
  { value: ';', label: 'semicolon ;' },
  { value: '\t', label: 'tab' },
  { value: '|', label: 'pipe |' },
];

export function FeederEditor({
  name,
  others,
  storedListId,
}: {
  name: string;
  others: readonly string[];
  storedListId: string;
}) {
  const d = useDesigner();
  const path = ['data', name];
  const f = objectOf(objectOf(planOf(d.doc).data)?.[name]) ?? {};
  const file = typeof f.file === 'string' ? f.file : '';
  const format = effectiveFormat(file, f.format);
  const delimiter = typeof f.delimiter === 'string' && f.delimiter.length === 1 ? f.delimiter : undefined;
  const delimiters =
    delimiter && !DELIMITERS.some((o) => o.value === delimiter) ? [...DELIMITERS, { value: delimiter }] : DELIMITERS;
  return (
    <section className="feeder" aria-label={`Data file ${name}`}>
      <div className="feeder-head">
        <h3 className="mono">{name}</h3>
        <button type="button" className="danger" onClick={() => d.edit({ kind: 'delete', path })}>
          Remove data file {name}
        </button>
      </div>
      <div className="settings-grid">
        <FeederName name={name} others={others} />
        <TextField
          path={[...path, 'file']}
          label="File"
          keepEmpty
          list={storedListId}
          className="field-wide"
          hint="An attached file (files/NAME) or an absolute path in a granted folder."
        />
        <SelectField
          path={[...path, 'format']}
          label="Format"
          defaultLabel={`from the extension (${format})`}
          options={[
            { value: 'csv', label: 'CSV with a header row' },
            { value: 'json', label: 'JSON array of objects' },
          ]}
        />
        <SelectField
          path={[...path, 'mode']}
          label="Mode"
          defaultLabel="default (sequential)"
          options={[
            { value: 'sequential', label: 'sequential: each VU walks the rows' },
            { value: 'random', label: 'random: any row' },
            { value: 'unique', label: 'unique: each row once per run' },
          ]}
        />
        {f.mode === 'unique' && (
          <SelectField
            path={[...path, 'onExhausted']}
            label="When all rows are used"
            defaultLabel="default (stop)"
            options={[
              { value: 'stop', label: 'stop: the VU stops (dropped_iterations)' },
              { value: 'recycle', label: 'recycle: start over' },
            ]}
          />
        )}
        {format === 'csv' && (
          <SelectField
            path={[...path, 'delimiter']}
            label="Delimiter"
            defaultLabel="default (comma)"
            options={delimiters}
          />
        )}
      </div>
      {file !== '' && (
        <FilePreview name={name} file={file} format={format} delimiter={format === 'csv' ? delimiter : undefined} />
      )}
    </section>
  );
}
