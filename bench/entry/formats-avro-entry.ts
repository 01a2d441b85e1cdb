/** Bundle-size entry: the core kafkaHandler reading Avro values through the mapping's registry (msk-once/formats). */
import { avro, schemaRegistryFromEnv } from '../../lib/formats/index.ts';
import { dedupConfigFromEnv, kafkaHandler } from '../../lib/index.ts';

export const handler = kafkaHandler<{ reviewId: string }>({
  service: process.env.POWERTOOLS_SERVICE_NAME ?? 'bench',
  handlerName: 'bench-avro',
  ...dedupConfigFromEnv(process.env),
  value: avro({
    schema: { type: 'record', name: 'R', fields: [{ name: 'reviewId', type: 'string' }] },
    registry: schemaRegistryFromEnv(),
  }),
  async handle() {},
});
