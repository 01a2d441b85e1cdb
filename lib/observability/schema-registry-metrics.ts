/**
 * SchemaRegistryErrors: records that failed because the schema registry did (not found, denied,
 * timeout, unreachable, HTTP error, invalid answer), counted by Reason with the service dimension,
 * apart from bad bytes (which are the producer's fault, not the registry's). The name belongs with
 * the other metric names the runtime, the CDK app and the dashboard share.
 */
import { RecordFormatError } from '../errors.ts';
import type { InvocationMetrics } from './batch-metrics.ts';

export const SCHEMA_REGISTRY_ERRORS_METRIC = 'SchemaRegistryErrors';

/**
 * Count `error` in SchemaRegistryErrors{Reason} when the registry caused it.
 *
 * @example
 * countRegistryError(batch.metrics, error); // SchemaRegistryErrors{Reason: 'timeout'} += 1
 */
export function countRegistryError(metrics: InvocationMetrics, error: unknown): void {
  if (error instanceof RecordFormatError && error.registryReason) {
    metrics.count(SCHEMA_REGISTRY_ERRORS_METRIC, { Reason: error.registryReason });
  }
}
