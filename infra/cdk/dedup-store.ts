/**
 * What a consumer needs to know about its dedup store: how to reach it (the Redis variables of the
 * contract's `EnvVar`, which `dedupConfigFromEnv` reads) and how to be let in.
 */

import type { ISecurityGroup } from 'aws-cdk-lib/aws-ec2';
import type { IGrantable } from 'aws-cdk-lib/aws-iam';
import { EnvVar } from '../../lib/contract.ts';

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
 * // { [EnvVar.redisUrl]: 'rediss://h:6379', [EnvVar.redisMode]: 'cluster', [EnvVar.redisAuth]: 'iam', ... }
 */
export function dedupEnvironment(endpoint: DedupStoreEndpoint): Record<string, string> {
  const env: Record<string, string> = {
    [EnvVar.redisUrl]: endpoint.url,
    [EnvVar.redisMode]: endpoint.mode,
    [EnvVar.redisAuth]: endpoint.auth,
  };
  if (endpoint.user !== undefined) env[EnvVar.redisUser] = endpoint.user;
  if (endpoint.cacheName !== undefined) env[EnvVar.redisCacheName] = endpoint.cacheName;
  if (endpoint.serverless !== undefined) env[EnvVar.redisServerless] = String(endpoint.serverless);
  if (endpoint.token !== undefined) env[EnvVar.redisToken] = endpoint.token;
  return env;
}
