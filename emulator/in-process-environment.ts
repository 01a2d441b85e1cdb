/**
 * Execution environments in this process: the handler of each environment is made by a factory
 * (its "init"), so a test can hand each environment its own store, clock or fault plan.
 *
 * Difference from Lambda, on purpose (docs/emulator.md): a killed or timed-out invocation's promise
 * cannot be stopped in Node and runs on in the background. The environment is marked dead
 * (`env.alive === false`, `env.signal` aborted); code written for the emulator checks it.
 */
import { CrashError } from './errors.ts';
import type {
  EnvironmentMode,
  ExecutionEnvironment,
  HandlerAnswer,
  LambdaHandler,
} from './lambda-runtime.ts';

/**
 * Environments whose handler `factory(env)` builds once per environment (the cold start). A factory
 * that throws fails the invocation and ends the environment; a handler that throws a
 * {@link CrashError} ends it too (the process died under it).
 *
 * @example
 * const fn = new LambdaFunction(
 *   inProcess((env) => kafkaHandler({ handlerName: 'h', store: storeOfEnvironment(store, env), handle })),
 *   { functionName: 'orders', timeoutMs: 5_000 },
 * );
 */
export function inProcess<E>(
  factory: (env: ExecutionEnvironment) => LambdaHandler<E> | Promise<LambdaHandler<E>>,
): EnvironmentMode<E> {
  return {
    name: 'in-process',
    start(env) {
      const handler = Promise.resolve().then(() => factory(env));
      handler.catch(() => {});
      return {
        async run(event, context): Promise<HandlerAnswer> {
          const handle = await handler;
          try {
            return { ok: true, response: await handle(event, context) };
          } catch (error) {
            if (error instanceof CrashError) throw error;
            const err = error instanceof Error ? error : new Error(String(error));
            return { ok: false, errorType: err.name || 'Error', errorMessage: err.message };
          }
        },
        // Nothing in this process can be stopped: the runtime has marked the environment dead.
        stop: async () => {},
      };
    },
  };
}
