/**
 * Where a gRPC step's descriptors come from: the server's reflection, or .proto files (attached, or in a granted
 * folder) with the folders their imports are looked up in. Choosing reflection drops the protos from the step.
 */
import { useState } from 'react';
import type { Path } from '../../core/doc-path.ts';
import { grpcAt, listOf } from '../../core/doc/index.ts';
import { fieldId } from '../../fields/useField.ts';
import { AttachFile } from '../../files/AttachFile.tsx';
import { useDesigner } from '../../state/DesignerProvider.tsx';
import { PathList } from './PathList.tsx';

export function DescriptorSource({ grpcPath }: { grpcPath: Path }) {
  const d = useDesigner();
  const g = grpcAt(d.doc, grpcPath) ?? {};
  const protos = listOf(g.protos);
  // "Proto files" with none written yet is a choice of this form, not of the plan.
  const [wantsProtos, setWantsProtos] = useState(false);
  const mode = protos.length > 0 || wantsProtos ? 'protos' : 'reflection';
  const id = fieldId(grpcPath);
  const choose = (next: 'protos' | 'reflection'): void => {
    setWantsProtos(next === 'protos');
    if (next === 'reflection') {
      d.set([...grpcPath, 'protos'], undefined);
      d.set([...grpcPath, 'importPaths'], undefined);
    }
  };
  return (
    <div className="grpc-source">
      <div role="radiogroup" aria-label="Descriptors" className="grpc-source-choice">
        <span className="grpc-source-label">Descriptors</span>
        <label>
          <input
            type="radio"
            name={`${id}-source`}
            checked={mode === 'reflection'}
            onChange={() => choose('reflection')}
          />{' '}
          Server reflection
        </label>
        <label>
          <input type="radio" name={`${id}-source`} checked={mode === 'protos'} onChange={() => choose('protos')} />{' '}
          .proto files
        </label>
      </div>
      {mode === 'reflection' ? (
        <p className="hint">The server is asked for its services at the target (it must offer gRPC reflection).</p>
      ) : (
        <div className="grpc-protos">
          <PathList
            path={[...grpcPath, 'protos']}
            label="Proto files"
            itemLabel="Proto file"
            placeholder="files/service.proto or an absolute path in a granted folder"
          />
          <AttachFile
            kind="body"
            label="Attach a .proto file"
            onAttached={(p) => d.set([...grpcPath, 'protos'], [...listOf(g.protos), p])}
          />
          <PathList
            path={[...grpcPath, 'importPaths']}
            label="Import paths"
            itemLabel="Import path"
            placeholder="default: the folder of the first proto (files for attached ones)"
          />
        </div>
      )}
    </div>
  );
}
