/**
 * The message(s) a call sends, as JSON with ${...} templates, completed from the method's input fields. Client and
 * bidirectional streams send a list of messages; streams from the server stop collecting at a limit.
 */
import type { GrpcService } from '../../../../../app/contract/index.ts';
import type { Path } from '../../core/doc-path.ts';
import { grpcAt } from '../../core/doc/index.ts';
import { NumberField } from '../../fields/NumberField.tsx';
import { useDesigner } from '../../state/DesignerProvider.tsx';
import { JsonBodyEditor } from '../body/JsonBodyEditor.tsx';
import { messageCompletions } from './message-fields.ts';
import { splitMethod } from './MethodPicker.tsx';

export function MessageTab({ grpcPath, services }: { grpcPath: Path; services: GrpcService[] | undefined }) {
  const d = useDesigner();
  const g = grpcAt(d.doc, grpcPath) ?? {};
  const { service, name } = splitMethod(g.method);
  const method = services?.find((s) => s.name === service)?.methods.find((m) => m.name === name);
  const fields = method?.inputFields;
  const sendsMany = method ? method.rpcType === 'client-stream' || method.rpcType === 'bidi' : g.messages !== undefined;
  const receivesMany = method ? method.rpcType === 'server-stream' || method.rpcType === 'bidi' : false;
  const complete = fields ? (before: string) => messageCompletions(fields, before) : undefined;
  return (
    <div className="grpc-message">
      {method ? (
        <p className="hint">
          {g.messages !== undefined ? 'A list of ' : 'A '}
          <code>{method.input}</code>
          {g.messages !== undefined ? ' messages, sent in order.' : '.'} Ctrl+Space lists its fields.
        </p>
      ) : (
        <p className="hint">Load the services to complete the message&apos;s field names.</p>
      )}
      {g.messages !== undefined ? (
        <JsonBodyEditor
          key="messages"
          path={[...grpcPath, 'messages']}
          label="Messages"
          {...(complete ? { completions: complete } : {})}
        />
      ) : (
        <JsonBodyEditor
          key="message"
          path={[...grpcPath, 'message']}
          label="Message"
          {...(complete ? { completions: complete } : {})}
        />
      )}
      {sendsMany && g.messages === undefined && (
        <p className="hint">
          This message is sent alone.{' '}
          <button type="button" onClick={() => d.set([...grpcPath, 'messages'], [g.message ?? {}])}>
            Send a list of messages
          </button>
        </p>
      )}
      {receivesMany && (
        <NumberField
          path={[...grpcPath, 'maxMessages']}
          label="Stop after this many responses"
          min={1}
          placeholder="10000"
        />
      )}
    </div>
  );
}
