/**
 * Bundle-size and load-time entry used when functions/notification/handler.ts does not exist:
 * a deployable-style kafkaHandler reading its Redis settings from the environment.
 */
import * as contract from '../../lib/contract.ts';
import { dedupConfigFromEnv, kafkaHandler } from '../../lib/index.ts';

export const handler = kafkaHandler<{ reviewId: string }>({
  service: process.env[contract.EnvVar.serviceName] ?? 'bench',
  handlerName: 'bench-noop',
  ...dedupConfigFromEnv(process.env),
  async handle() {},
});
