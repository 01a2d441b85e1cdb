/** Bundle-size entry: the core kafkaHandler reading Protobuf values with the writer's message from a registry. */
import { protobuf, schemaRegistryFromEnv } from '../../lib/formats/index.ts';
import { dedupConfigFromEnv, kafkaHandler } from '../../lib/index.ts';

export const handler = kafkaHandler({
  service: process.env.POWERTOOLS_SERVICE_NAME ?? 'bench',
  handlerName: 'bench-protobuf',
  ...dedupConfigFromEnv(process.env),
  value: protobuf({ registry: schemaRegistryFromEnv() }),
  async handle() {},
});
