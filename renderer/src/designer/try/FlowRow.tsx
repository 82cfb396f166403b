/** A flow control decision in the Validate list: what it decided, indented with the steps it holds; opens its step. */
import type { FlowTraceEntry } from '../../../../app/contract/index.ts';
import { flowTitle } from './trace-rows.ts';

export function FlowRow({ flow, depth, onShow }: { flow: FlowTraceEntry; depth: number; onShow(): void }) {
  const title = flowTitle(flow);
  return (
    <li className="try-flow-item" style={{ '--depth': depth } as React.CSSProperties}>
      <button
        type="button"
        className={`try-flow${flow.hitMax ? ' warn' : ''}`}
        onClick={onShow}
        title={`${title} (show the step)`}
      >
        <span className="try-flow-mark" aria-hidden="true">
          {flow.hitMax ? '⚠' : '◆'}
        </span>{' '}
        {title}
      </button>
    </li>
  );
}
