/**
 * designer.grpcDescribe: "Load" in the gRPC editor. Protos are read through the same access a run has (attached
 * files, granted folders: plan-file-access.ts); reflection goes only to the target the step names, `${env.X}` read
 * from the chosen environment. Secret values never come back in an error.
 */
import { describeGrpc, GrpcDescribeError } from 'loadsmith';
import { ContractError, type Handlers } from '../contract/index.ts';
import type { ServiceContext } from './context.ts';
import { maskText, secretValues } from './mask-secrets.ts';
import { runFiles } from './run-files.ts';

export function grpcHandlers(ctx: ServiceContext): Pick<Handlers, 'designer.grpcDescribe'> {
  return {
    'designer.grpcDescribe': async ({ source, environmentId }) => {
      let env: Record<string, string> = {};
      let secrets: string[] = [];
      if (environmentId !== undefined) {
        const e = ctx.store.environments.get(environmentId);
        if (!e) throw new ContractError('not_found', `no environment with id ${environmentId}`);
        env = ctx.store.environments.values(environmentId);
        secrets = secretValues(
          env,
          e.variables.filter((v) => v.secret).map((v) => v.name),
        );
      }
      try {
        return { services: await describeGrpc(source, runFiles(ctx), env) };
      } catch (e) {
        if (e instanceof GrpcDescribeError) throw new ContractError('invalid_params', maskText(e.message, secrets));
        throw e;
      }
    },
  };
}
