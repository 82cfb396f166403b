/** Exactly the fields of one executor, from the executor table, bound to the scenario's document path. */
import type { Path } from '../core/doc-path.ts';
import { DurationField } from '../fields/DurationField.tsx';
import { NumberField } from '../fields/NumberField.tsx';
import type { ExecutorSpec } from './executors.ts';
import { StagesEditor } from './StagesEditor.tsx';

export function ExecutorFields({ path, spec }: { path: Path; spec: ExecutorSpec }) {
  return (
    <>
      {spec.fields.map((f) => {
        const at = [...path, f.key];
        const placeholder = f.placeholder !== undefined ? `default ${f.placeholder}` : undefined;
        switch (f.kind) {
          case 'count':
            return <NumberField key={f.key} path={at} label={f.label} min={f.min} placeholder={placeholder} />;
          case 'rate':
            return (
              <NumberField key={f.key} path={at} label={f.label} min={f.min} step={0.1} placeholder={placeholder} />
            );
          case 'duration':
            return <DurationField key={f.key} path={at} label={f.label} placeholder={placeholder} />;
          case 'stages':
            return <StagesEditor key={f.key} path={at} field={f} />;
        }
      })}
    </>
  );
}
