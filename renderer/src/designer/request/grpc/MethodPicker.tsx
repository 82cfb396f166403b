/**
 * Service and method picked from the lists "Load" found; the method as written stays editable as text for plans
 * whose server is not reachable now. Picking a method starts an empty message from its fields.
 */
import type { GrpcService } from '../../../../../app/contract/index.ts';
import type { Path } from '../../core/doc-path.ts';
import { grpcAt, objectOf } from '../../core/doc/index.ts';
import { TextField } from '../../fields/TextField.tsx';
import { fieldId } from '../../fields/useField.ts';
import { useDesigner } from '../../state/DesignerProvider.tsx';
import { messageSkeleton } from './message-fields.ts';

export const RPC_TYPE_WORDS = {
  unary: 'unary',
  'server-stream': 'server streaming',
  'client-stream': 'client streaming',
  bidi: 'bidirectional streaming',
} as const;

/** The service and method a step writes (`package.Service/Method`), split. */
export function splitMethod(method: unknown): { service: string; name: string } {
  const [service = '', name = ''] = typeof method === 'string' ? method.split('/') : [];
  return { service, name };
}

export function MethodPicker({ grpcPath, services }: { grpcPath: Path; services: GrpcService[] | undefined }) {
  const d = useDesigner();
  const g = grpcAt(d.doc, grpcPath) ?? {};
  const id = fieldId(grpcPath);
  const { service, name } = splitMethod(g.method);
  const chosen = services?.find((s) => s.name === service);
  const pick = (serviceName: string, methodName: string): void => {
    d.set([...grpcPath, 'method'], `${serviceName}/${methodName}`);
    const m = services?.find((s) => s.name === serviceName)?.methods.find((x) => x.name === methodName);
    const message = objectOf(g.message);
    const empty = g.message === undefined || (message !== undefined && Object.keys(message).length === 0);
    if (m && empty && g.messages === undefined) d.set([...grpcPath, 'message'], messageSkeleton(m.inputFields));
  };
  if (!services || services.length === 0) {
    return (
      <TextField
        path={[...grpcPath, 'method']}
        label="Method"
        keepEmpty
        placeholder="package.Service/Method"
        hint="Load the services to pick it from a list."
      />
    );
  }
  const method = chosen?.methods.find((m) => m.name === name);
  return (
    <div className="req-line grpc-method">
      <div className="field">
        <label htmlFor={`${id}-service`}>Service</label>
        <select
          id={`${id}-service`}
          value={chosen ? service : ''}
          onChange={(e) => {
            const s = services.find((x) => x.name === e.target.value);
            if (s?.methods[0]) pick(s.name, s.methods[0].name);
          }}
        >
          {!chosen && <option value="">{service ? `${service} (not offered)` : 'Choose a service'}</option>}
          {services.map((s) => (
            <option key={s.name} value={s.name}>
              {s.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-method`}>Method</label>
        <select
          id={`${id}-method`}
          value={method ? name : ''}
          disabled={!chosen}
          onChange={(e) => chosen && pick(chosen.name, e.target.value)}
        >
          {!method && <option value="">{name ? `${name} (not offered)` : 'Choose a method'}</option>}
          {chosen?.methods.map((m) => (
            <option key={m.name} value={m.name}>
              {m.name} ({RPC_TYPE_WORDS[m.rpcType]})
            </option>
          ))}
        </select>
      </div>
      {method && (
        <p className="hint grpc-method-types">
          <code>{method.input}</code> → <code>{method.output}</code>
        </p>
      )}
    </div>
  );
}
