/** The variables of an environment as an editable table. */
import { emptyVariable, type VariableDraft } from './draft.ts';
import { VariableRow } from './VariableRow.tsx';

interface Props {
  variables: readonly VariableDraft[];
  onChange: (variables: VariableDraft[]) => void;
}

/** Table named "Variables" plus button "Add variable". */
export function VariablesTable({ variables, onChange }: Props) {
  const update = (key: string, next: VariableDraft | null) =>
    onChange(variables.flatMap((v) => (v.key !== key ? [v] : next ? [next] : [])));
  return (
    <>
      <table className="table table-edit" aria-label="Variables">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Value</th>
            <th scope="col" className="center">
              Secret
            </th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {variables.length === 0 && (
            <tr>
              <td colSpan={4} className="muted">
                No variables. Plans read them as <code>{'${env.NAME}'}</code>.
              </td>
            </tr>
          )}
          {variables.map((v) => (
            <VariableRow
              key={v.key}
              variable={v}
              onChange={(next) => update(v.key, next)}
              onRemove={() => update(v.key, null)}
            />
          ))}
        </tbody>
      </table>
      <button type="button" onClick={() => onChange([...variables, emptyVariable()])}>
        Add variable
      </button>
    </>
  );
}
