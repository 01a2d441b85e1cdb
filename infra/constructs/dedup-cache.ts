/**
 * DedupCache: the Redis (Valkey) of an environment's dedup keys.
 *
 * - kind 'serverless': ElastiCache Serverless, TLS always, cluster protocol, IAM auth (user + group).
 * - kind 'replication-group': node-based, cluster mode, TLS and encryption at rest, IAM auth or an
 *   AUTH token from a generated Secrets Manager secret.
 *
 * Reachable only on 6379 and only from `clientSecurityGroup`, which consumers join. The IAM user may
 * touch only the given key prefixes and only the commands the dedup store sends.
 */
import { ArnFormat, RemovalPolicy, SecretValue, Stack } from 'aws-cdk-lib';
import * as ec2 from 'aws-cdk-lib/aws-ec2';
import * as elasticache from 'aws-cdk-lib/aws-elasticache';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { CacheConfig } from '../environment-types.ts';
import type { DedupStoreEndpoint, IDedupStore } from './dedup-store.ts';
import { ConstructConfigError } from './errors.ts';

export const REDIS_PORT = 6379;

export interface DedupCacheProps {
  readonly vpc: ec2.IVpc;
  /** @default the VPC's private subnets */
  readonly subnets?: ec2.ISubnet[];
  /** Cache name / replication group id, also the IAM user id prefix: lower case, starts with a letter, <= 30 chars. */
  readonly name: string;
  readonly config: CacheConfig;
  /** Key prefixes the user may touch, e.g. `notification:dedup:` (one per consumer service). */
  readonly keyPrefixes: readonly string[];
  /** @default RemovalPolicy.DESTROY (dedup keys are rebuilt by traffic; prod may retain) */
  readonly removalPolicy?: RemovalPolicy;
}

/**
 * The ACL of the consumers' user: its key prefixes; reads, writes, Lua scripts, connection commands and
 * the cluster topology queries of ioredis; nothing @dangerous (FLUSHALL, KEYS, CONFIG...) but INFO,
 * which ioredis's ready check sends.
 *
 * @example
 * accessString(['notification:dedup:']); // 'on ~notification:dedup:* -@all +@read ...'
 */
export function accessString(keyPrefixes: readonly string[]): string {
  const keys = keyPrefixes.map((p) => `~${p}*`).join(' ');
  return `on ${keys} -@all +@read +@write +@scripting +@connection +cluster|slots +cluster|shards -@dangerous +info`;
}

export class DedupCache extends Construct implements IDedupStore {
  readonly endpoint: DedupStoreEndpoint;
  /** Consumers join this group; the cache admits 6379 from it only. */
  readonly clientSecurityGroup: ec2.SecurityGroup;
  readonly cacheSecurityGroup: ec2.SecurityGroup;
  /** The ElastiCache user of IAM auth (absent with an AUTH token). */
  readonly user?: elasticache.CfnUser;
  readonly cacheArn: string;
  readonly serverlessCache?: elasticache.CfnServerlessCache;
  readonly replicationGroup?: elasticache.CfnReplicationGroup;
  /** The AUTH token (replication group with auth 'token'). */
  readonly authTokenSecret?: secretsmanager.Secret;

  /**
   * @example
   * const cache = new DedupCache(stack, 'Cache', { vpc, name: 'msk-once-dev', config: { kind: 'serverless' }, keyPrefixes: ['notification:dedup:'] });
   */
  constructor(scope: Construct, id: string, props: DedupCacheProps) {
    super(scope, id);
    if (!/^[a-z][a-z0-9-]{0,29}$/.test(props.name)) {
      throw new ConstructConfigError(
        this.node.path,
        'name',
        `'${props.name}' must be lower case letters, digits and '-', start with a letter, at most 30 characters`,
      );
    }
    if (props.keyPrefixes.length === 0)
      throw new ConstructConfigError(
        this.node.path,
        'keyPrefixes',
        'is empty: the cache user would reach no key',
      );
    const subnetIds = (props.subnets ?? props.vpc.privateSubnets).map((s) => s.subnetId);
    const removalPolicy = props.removalPolicy ?? RemovalPolicy.DESTROY;

    this.cacheSecurityGroup = new ec2.SecurityGroup(this, 'CacheSg', {
      vpc: props.vpc,
      description: `${props.name} dedup cache: 6379 from the consumers only`,
      allowAllOutbound: false,
    });
    this.clientSecurityGroup = new ec2.SecurityGroup(this, 'ClientSg', {
      vpc: props.vpc,
      description: `${props.name} consumers: may reach the dedup cache`,
      allowAllOutbound: false,
    });
    this.clientSecurityGroup.connections.allowTo(
      this.cacheSecurityGroup,
      ec2.Port.tcp(REDIS_PORT),
      'dedup store (Redis over TLS)',
    );

    const iamAuth = props.config.kind === 'serverless' || props.config.auth === 'iam';
    let userGroupId: string | undefined;
    if (iamAuth) {
      const userId = `${props.name}-dedup`;
      // ElastiCache wants a user named "default" in every group; this one can do nothing.
      const defaultUser = new elasticache.CfnUser(this, 'DefaultUser', {
        userId: `${props.name}-default`,
        userName: 'default',
        engine: 'valkey',
        accessString: 'off -@all',
        authenticationMode: { Type: 'no-password-required' },
      });
      this.user = new elasticache.CfnUser(this, 'User', {
        userId,
        userName: userId, // IAM auth: the user name must equal the user id
        engine: 'valkey',
        accessString: accessString(props.keyPrefixes),
        authenticationMode: { Type: 'iam' },
      });
      const group = new elasticache.CfnUserGroup(this, 'UserGroup', {
        userGroupId: `${props.name}-dedup`,
        engine: 'valkey',
        userIds: [defaultUser.ref, this.user.ref],
      });
      userGroupId = group.ref;
    }

    if (props.config.kind === 'serverless') {
      const c = props.config;
      this.serverlessCache = new elasticache.CfnServerlessCache(this, 'Serverless', {
        serverlessCacheName: props.name,
        description: 'msk-once dedup keys',
        engine: 'valkey',
        majorEngineVersion: c.majorEngineVersion ?? '8',
        securityGroupIds: [this.cacheSecurityGroup.securityGroupId],
        subnetIds,
        userGroupId,
        cacheUsageLimits: {
          ...(c.maxDataStorageGb ? { dataStorage: { maximum: c.maxDataStorageGb, unit: 'GB' } } : {}),
          ...(c.maxEcpuPerSecond ? { ecpuPerSecond: { maximum: c.maxEcpuPerSecond } } : {}),
        },
      });
      this.serverlessCache.applyRemovalPolicy(removalPolicy);
      this.cacheArn = this.serverlessCache.attrArn;
      this.endpoint = {
        url: `rediss://${this.serverlessCache.attrEndpointAddress}:${this.serverlessCache.attrEndpointPort}`,
        mode: 'cluster',
        auth: 'iam',
        user: this.user!.userId,
        cacheName: props.name,
        serverless: true,
      };
    } else {
      const c = props.config;
      const subnetGroup = new elasticache.CfnSubnetGroup(this, 'Subnets', {
        description: `${props.name} dedup cache subnets`,
        subnetIds,
      });
      let authToken: string | undefined;
      if (c.auth === 'token') {
        this.authTokenSecret = new secretsmanager.Secret(this, 'AuthToken', {
          description: `${props.name} dedup cache AUTH token`,
          generateSecretString: { passwordLength: 64, excludePunctuation: true },
        });
        authToken = this.authTokenSecret.secretValue.unsafeUnwrap();
      }
      this.replicationGroup = new elasticache.CfnReplicationGroup(this, 'ReplicationGroup', {
        replicationGroupId: props.name,
        replicationGroupDescription: 'msk-once dedup keys',
        engine: 'valkey',
        engineVersion: c.engineVersion ?? '8.0',
        cacheNodeType: c.nodeType,
        clusterMode: 'enabled',
        numNodeGroups: c.shards,
        replicasPerNodeGroup: c.replicasPerShard,
        automaticFailoverEnabled: true,
        multiAzEnabled: c.replicasPerShard > 0,
        transitEncryptionEnabled: true,
        transitEncryptionMode: 'required',
        atRestEncryptionEnabled: true,
        port: REDIS_PORT,
        cacheSubnetGroupName: subnetGroup.ref,
        securityGroupIds: [this.cacheSecurityGroup.securityGroupId],
        ...(userGroupId ? { userGroupIds: [userGroupId] } : {}),
        ...(authToken ? { authToken } : {}),
        snapshotRetentionLimit: 1,
      });
      this.replicationGroup.applyRemovalPolicy(removalPolicy);
      this.cacheArn = Stack.of(this).formatArn({
        service: 'elasticache',
        resource: 'replicationgroup',
        resourceName: props.name,
        arnFormat: ArnFormat.COLON_RESOURCE_NAME,
      });
      this.endpoint = {
        url: `rediss://${this.replicationGroup.attrConfigurationEndPointAddress}:${this.replicationGroup.attrConfigurationEndPointPort}`,
        mode: 'cluster',
        auth: c.auth,
        ...(c.auth === 'iam'
          ? { user: this.user!.userId, cacheName: props.name, serverless: false }
          : { token: SecretValue.secretsManager(this.authTokenSecret!.secretArn).unsafeUnwrap() }),
      };
    }
  }

  /**
   * elasticache:Connect on this cache and its IAM user (nothing for an AUTH token).
   *
   * @example
   * cache.grantConnect(consumer.role);
   */
  grantConnect(grantee: iam.IGrantable): void {
    if (!this.user) return;
    grantee.grantPrincipal.addToPrincipalPolicy(
      new iam.PolicyStatement({
        sid: 'ConnectDedupCache',
        actions: ['elasticache:Connect'],
        resources: [this.cacheArn, this.user.attrArn],
      }),
    );
  }
}
