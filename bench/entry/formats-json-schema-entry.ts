/** Bundle-size entry: the core kafkaHandler checking JSON values against a JSON Schema (ajv). */
import { jsonSchema } from '../../lib/formats/index.ts';
import { dedupConfigFromEnv, kafkaHandler } from '../../lib/index.ts';

export const handler = kafkaHandler({
  service: process.env.POWERTOOLS_SERVICE_NAME ?? 'bench',
  handlerName: 'bench-json-schema',
  ...dedupConfigFromEnv(process.env),
  value: jsonSchema({ schema: { type: 'object', required: ['reviewId'] } }),
  async handle() {},
});
