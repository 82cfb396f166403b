/** designer.*: Try it and Validate (designer-run.ts), gRPC descriptors (grpc-describe.ts); files.* are the attached files (files.ts). */
import type { Handlers } from '../contract/index.ts';
import type { ServiceContext } from './context.ts';
import { designerRunHandlers } from './designer-run.ts';
import { fileHandlers } from './files.ts';
import { grpcHandlers } from './grpc-describe.ts';
import { runFiles } from './run-files.ts';

type DesignerHandlers = Pick<
  Handlers,
  | 'designer.tryRequest'
  | 'designer.validate'
  | 'designer.grpcDescribe'
  | 'files.upload'
  | 'files.list'
  | 'files.preview'
>;

export function designerHandlers(ctx: ServiceContext): DesignerHandlers {
  return { ...designerRunHandlers(ctx), ...grpcHandlers(ctx), ...fileHandlers(ctx.dataDir, () => runFiles(ctx)) };
}
