/** designer.* and files.*: placeholders until the Try-it / data-file work lands (answer `unsupported`). */
import { ContractError, type Handlers } from '../contract/index.ts';

type DesignerHandlers = Pick<Handlers, 'designer.tryRequest' | 'designer.validate' | 'files.upload' | 'files.list' | 'files.preview'>;

export function designerHandlers(): DesignerHandlers {
  const later = (): never => { throw new ContractError('unsupported', 'not available yet'); };
  return { 'designer.tryRequest': later, 'designer.validate': later, 'files.upload': later, 'files.list': later, 'files.preview': later };
}
