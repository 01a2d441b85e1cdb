/**
 * What a consumer needs to know about its dedup store: how to reach it (the DEDUP_REDIS_* variables
 * that `dedupConfigFromEnv` reads) and how to be let in.
 */

import type { ISecurityGroup } from 'aws-cdk-lib/aws-ec2';
import type { IGrantable } from 'aws-cdk-lib/aws-iam';

export interface DedupStoreEndpoint {
  /** `rediss://<host>:<port>`. */
  readonly url: string;
  readonly mode: 'standalone' | 'cluster';
  readonly auth: 'none' | 'token' | 'iam';
  /** The ElastiCache user id (iam) or the AUTH user (token). */
  readonly user?: string;
  /** Serverless cache name or replication group id (iam). */
  readonly cacheName?: string;
  readonly serverless?: boolean;
  /** The AUTH token (token), e.g. a `{{resolve:secretsmanager:...}}` reference. */
  readonly token?: string;
}

/** A dedup store a consumer can use: implemented by {@link DedupCache}. */
export interface IDedupStore {
  readonly endpoint: DedupStoreEndpoint;
  /** The security group clients must be in to reach the store (ingress is from it only). */
  readonly clientSecurityGroup: ISecurityGroup;
  /** Let `grantee` authenticate (elasticache:Connect on the cache and its user, for IAM auth). */
  grantConnect(grantee: IGrantable): void;
}

/**
 * The function environment for a store endpoint, by the names of the core contract.
 *
 * @example
 * dedupEnvironment({ url: 'rediss://h:6379', mode: 'cluster', auth: 'iam', user: 'u', cacheName: 'c', serverless: true });
 * // { DEDUP_REDIS_URL: 'rediss://h:6379', DEDUP_REDIS_MODE: 'cluster', DEDUP_REDIS_AUTH: 'iam', ... }
 */
export function dedupEnvironment(endpoint: DedupStoreEndpoint): Record<string, string> {
  const env: Record<string, string> = {
    DEDUP_REDIS_URL: endpoint.url,
    DEDUP_REDIS_MODE: endpoint.mode,
    DEDUP_REDIS_AUTH: endpoint.auth,
  };
  if (endpoint.user !== undefined) env.DEDUP_REDIS_USER = endpoint.user;
  if (endpoint.cacheName !== undefined) env.DEDUP_REDIS_CACHE_NAME = endpoint.cacheName;
  if (endpoint.serverless !== undefined) env.DEDUP_REDIS_SERVERLESS = String(endpoint.serverless);
  if (endpoint.token !== undefined) env.DEDUP_REDIS_TOKEN = endpoint.token;
  return env;
}
