/**
 * SchemaRegistryErrors: records that failed because the schema registry did (not found, denied,
 * timeout, unreachable, HTTP error, invalid answer), counted by Reason with the service dimension,
 * apart from bad bytes (which are the producer's fault, not the registry's). Names: lib/contract.ts.
 */
import { Dimension, Metric } from '../contract.ts';
import { RecordFormatError } from '../errors.ts';
import type { InvocationMetrics } from './batch-metrics.ts';

/**
 * Count `error` in SchemaRegistryErrors{Reason} when the registry caused it.
 *
 * @example
 * countRegistryError(batch.metrics, error); // SchemaRegistryErrors{Reason: 'timeout'} += 1
 */
export function countRegistryError(metrics: Pick<InvocationMetrics, 'count'>, error: unknown): void {
  if (error instanceof RecordFormatError && error.registryReason) {
    metrics.count(Metric.schemaRegistryErrors, { [Dimension.reason]: error.registryReason });
  }
}
