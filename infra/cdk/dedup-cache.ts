/**
 * DedupCache: the Redis (Valkey) of an environment's dedup keys.
 *
 * - kind 'serverless': ElastiCache Serverless, TLS always, cluster protocol, IAM auth.
 * - kind 'replication-group': node-based, cluster mode, TLS and encryption at rest, IAM auth or an
 *   AUTH token from a generated Secrets Manager secret.
 *
 * Reachable only from `clientSecurityGroup`, which consumers join: on 6379, and for a serverless
 * cache also on 6380, the port ElastiCache Serverless serves reads from replicas on. With IAM auth each
 * service gets its own ElastiCache user (see {@link DedupCache.storeFor}) that may touch only
 * `<service>:dedup:*` and only the commands the dedup store sends, and each consumer may connect as
 * its own service's user only.
 */
import { ArnFormat, Lazy, RemovalPolicy, SecretValue, Stack } from 'aws-cdk-lib';
import * as ec2 from 'aws-cdk-lib/aws-ec2';
import * as elasticache from 'aws-cdk-lib/aws-elasticache';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { dedupUserAccessString } from '../../lib/contract.ts';
import type { DedupStoreEndpoint, IDedupStore } from './dedup-store.ts';
import type { CacheConfig } from './environment-types.ts';
import { ConstructConfigError } from './errors.ts';

export const REDIS_PORT = 6379;
/**
 * The Valkey a serverless cache runs when its environment names none: the current major version
 * ElastiCache lists (9.x; Serverless applies the newest minor version itself). Valkey 9 keeps a
 * DONE mark in fewer bytes than Redis OSS 7 and Valkey Serverless is priced a third lower than
 * Redis OSS Serverless (docs/performance.md, "What the engine costs").
 */
export const SERVERLESS_VALKEY_MAJOR = '9';

/** The Valkey a node-based replication group runs when its environment names none. */
export const NODE_BASED_VALKEY_VERSION = '9.0';

/** ElastiCache Serverless (Valkey, Redis OSS) serves its reader endpoint on this port. */
export const SERVERLESS_READER_PORT = 6380;
/** The engine of RBAC users and user groups (see the constructor). */
const USER_ENGINE = 'redis';

export interface DedupCacheProps {
  readonly vpc: ec2.IVpc;
  /** @default the VPC's private subnets */
  readonly subnets?: ec2.ISubnet[];
  /** Cache name / replication group id and user id prefix: lower case, starts with a letter, <= 30 chars. */
  readonly name: string;
  readonly config: CacheConfig;
  /**
   * What deleting the stack does to the cache and to what a kept cache still uses (its users and
   * user group, subnet group, security group, AUTH token secret): a kept cache whose user group
   * was deleted would make the stack deletion fail.
   * @default RemovalPolicy.DESTROY (dedup keys are rebuilt by traffic; prod may retain)
   */
  readonly removalPolicy?: RemovalPolicy;
}

/**
 * The ACL of a service's user: its dedup keys and only the commands the dedup store sends
 * (`DEDUP_USER_COMMANDS` of the contract, the list test/core/store-acl.test.ts checks against a
 * real Redis and cluster); nothing else (FLUSHALL, KEYS, CONFIG...).
 *
 * @example
 * accessString('orders'); // 'on ~orders:dedup:* -@all +evalsha +eval ...'
 */
export function accessString(service: string): string {
  return dedupUserAccessString(service);
}

/** The store as one service sees it: the shared endpoint, its own user. */
class ServiceStore implements IDedupStore {
  readonly endpoint: DedupStoreEndpoint;
  readonly clientSecurityGroup: ec2.ISecurityGroup;
  readonly user?: elasticache.CfnUser;
  readonly #cacheArn: string;

  constructor(
    endpoint: DedupStoreEndpoint,
    clientSecurityGroup: ec2.ISecurityGroup,
    cacheArn: string,
    user?: elasticache.CfnUser,
  ) {
    this.endpoint = endpoint;
    this.clientSecurityGroup = clientSecurityGroup;
    this.#cacheArn = cacheArn;
    this.user = user;
  }

  grantConnect(grantee: iam.IGrantable): void {
    if (!this.user) return; // AUTH token: nothing to grant in IAM
    grantee.grantPrincipal.addToPrincipalPolicy(
      new iam.PolicyStatement({
        sid: 'ConnectDedupCache',
        actions: ['elasticache:Connect'],
        resources: [this.#cacheArn, this.user.attrArn],
      }),
    );
  }
}

export class DedupCache extends Construct {
  /** Consumers join this group; the cache admits 6379 from it only. */
  readonly clientSecurityGroup: ec2.SecurityGroup;
  readonly cacheSecurityGroup: ec2.SecurityGroup;
  readonly cacheArn: string;
  readonly serverlessCache?: elasticache.CfnServerlessCache;
  readonly replicationGroup?: elasticache.CfnReplicationGroup;
  /** The user group of IAM auth (absent with an AUTH token). */
  readonly userGroup?: elasticache.CfnUserGroup;
  /** The AUTH token (replication group with auth 'token'). */
  readonly authTokenSecret?: secretsmanager.Secret;
  /** IAM users by service. */
  readonly users = new Map<string, elasticache.CfnUser>();
  readonly #name: string;
  readonly #removalPolicy: RemovalPolicy;
  readonly #endpoint: Omit<DedupStoreEndpoint, 'user'>;
  readonly #stores = new Map<string, ServiceStore>();

  /**
   * @example
   * const cache = new DedupCache(stack, 'Cache', { vpc, name: 'shop-dev', config: { kind: 'serverless' } });
   * const store = cache.storeFor('orders');
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
    this.#name = props.name;
    const subnetIds = (props.subnets ?? props.vpc.privateSubnets).map((s) => s.subnetId);
    const removalPolicy = props.removalPolicy ?? RemovalPolicy.DESTROY;
    this.#removalPolicy = removalPolicy;

    this.cacheSecurityGroup = new ec2.SecurityGroup(this, 'CacheSg', {
      vpc: props.vpc,
      description: `${props.name} dedup cache: 6379 (serverless: and 6380) from the consumers only`,
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
    if (props.config.kind === 'serverless') {
      this.clientSecurityGroup.connections.allowTo(
        this.cacheSecurityGroup,
        ec2.Port.tcp(SERVERLESS_READER_PORT),
        'dedup store reader endpoint (serverless, TLS)',
      );
    }
    // A kept cache keeps its security group (a group in use cannot be deleted).
    this.cacheSecurityGroup.applyRemovalPolicy(removalPolicy);

    const iamAuth = props.config.kind === 'serverless' || props.config.auth === 'iam';
    if (iamAuth) {
      // Users and group use the 'redis' engine, which Valkey caches accept: a 'valkey' group may only
      // hold users with a password or IAM, while every group needs a user named "default" (CloudFormation
      // UserGroup.UserIds), and ours is a disabled one without a password (ElastiCache RBAC docs).
      const defaultUser = new elasticache.CfnUser(this, 'DefaultUser', {
        userId: `${props.name}-default`,
        userName: 'default',
        engine: USER_ENGINE,
        accessString: 'off -@all',
        authenticationMode: { Type: 'no-password-required' },
      });
      defaultUser.applyRemovalPolicy(removalPolicy);
      // Service users are added by storeFor() while the app is built; the list is read at synth.
      this.userGroup = new elasticache.CfnUserGroup(this, 'UserGroup', {
        userGroupId: `${props.name}-dedup`,
        engine: USER_ENGINE,
        userIds: Lazy.list({
          produce: () => [defaultUser.ref, ...[...this.users.values()].map((u) => u.ref)],
        }),
      });
      this.userGroup.applyRemovalPolicy(removalPolicy);
    }

    if (props.config.kind === 'serverless') {
      const c = props.config;
      this.serverlessCache = new elasticache.CfnServerlessCache(this, 'Serverless', {
        serverlessCacheName: props.name,
        description: 'msk-once dedup keys',
        engine: 'valkey',
        majorEngineVersion: c.majorEngineVersion ?? SERVERLESS_VALKEY_MAJOR,
        securityGroupIds: [this.cacheSecurityGroup.securityGroupId],
        subnetIds,
        userGroupId: this.userGroup!.ref,
        cacheUsageLimits: {
          ...(c.maxDataStorageGb ? { dataStorage: { maximum: c.maxDataStorageGb, unit: 'GB' } } : {}),
          ...(c.maxEcpuPerSecond ? { ecpuPerSecond: { maximum: c.maxEcpuPerSecond } } : {}),
        },
      });
      this.serverlessCache.applyRemovalPolicy(removalPolicy);
      this.cacheArn = this.serverlessCache.attrArn;
      this.#endpoint = {
        url: `rediss://${this.serverlessCache.attrEndpointAddress}:${this.serverlessCache.attrEndpointPort}`,
        mode: 'cluster',
        auth: 'iam',
        cacheName: props.name,
        serverless: true,
      };
    } else {
      const c = props.config;
      const engineVersion = c.engineVersion ?? NODE_BASED_VALKEY_VERSION;
      const subnetGroup = new elasticache.CfnSubnetGroup(this, 'Subnets', {
        description: `${props.name} dedup cache subnets`,
        subnetIds,
      });
      subnetGroup.applyRemovalPolicy(removalPolicy);
      let authToken: string | undefined;
      if (c.auth === 'token') {
        this.authTokenSecret = new secretsmanager.Secret(this, 'AuthToken', {
          description: `${props.name} dedup cache AUTH token`,
          generateSecretString: { passwordLength: 64, excludePunctuation: true },
          removalPolicy,
        });
        authToken = this.authTokenSecret.secretValue.unsafeUnwrap();
      }
      this.replicationGroup = new elasticache.CfnReplicationGroup(this, 'ReplicationGroup', {
        replicationGroupId: props.name,
        replicationGroupDescription: 'msk-once dedup keys',
        engine: 'valkey',
        engineVersion,
        // Named on purpose: with one shard and no group named, ElastiCache may pick the engine's
        // cluster-mode-disabled default group (CloudFormation ReplicationGroup,
        // CacheParameterGroupName: "specify the parameter group by name").
        cacheParameterGroupName: clusterModeParameterGroup(engineVersion),
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
        ...(this.userGroup ? { userGroupIds: [this.userGroup.ref] } : {}),
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
      const url = `rediss://${this.replicationGroup.attrConfigurationEndPointAddress}:${this.replicationGroup.attrConfigurationEndPointPort}`;
      this.#endpoint =
        c.auth === 'iam'
          ? { url, mode: 'cluster', auth: 'iam', cacheName: props.name, serverless: false }
          : {
              url,
              mode: 'cluster',
              auth: 'token',
              // Resolved by CloudFormation at deploy time; never in the template or the CDK output.
              token: SecretValue.secretsManager(this.authTokenSecret!.secretArn).unsafeUnwrap(),
            };
    }
  }

  /**
   * The store for one service: with IAM auth, a user `<name>-<service>` limited to
   * `<service>:dedup:*`, and grantConnect() lets a consumer connect as that user only.
   *
   * @throws {ConstructConfigError} when the service name cannot be part of an ElastiCache user id.
   * @example
   * new KafkaConsumer(stack, 'orders', { ...props, dedupStore: cache.storeFor('orders') });
   */
  storeFor(service: string): IDedupStore {
    const known = this.#stores.get(service);
    if (known) return known;
    let user: elasticache.CfnUser | undefined;
    if (this.userGroup) {
      const userId = `${this.#name}-${service}`;
      if (!/^[a-z][a-z0-9-]*$/.test(service) || userId.length > 40) {
        throw new ConstructConfigError(
          this.node.path,
          'service',
          `'${service}' cannot name an ElastiCache user ('${userId}': lower case letters, digits and '-', at most 40 characters)`,
        );
      }
      user = new elasticache.CfnUser(this, `User-${service}`, {
        userId,
        userName: userId, // IAM auth: the user name must equal the user id
        engine: USER_ENGINE,
        accessString: accessString(service),
        authenticationMode: { Type: 'iam' },
      });
      user.applyRemovalPolicy(this.#removalPolicy);
      this.users.set(service, user);
    }
    const endpoint: DedupStoreEndpoint = user ? { ...this.#endpoint, user: user.userId } : this.#endpoint;
    const store = new ServiceStore(endpoint, this.clientSecurityGroup, this.cacheArn, user);
    this.#stores.set(service, store);
    return store;
  }
}

/**
 * The default cluster-mode-enabled parameter group of a Valkey version, e.g. `default.valkey9.cluster.on`.
 *
 * @example
 * clusterModeParameterGroup('9.0'); // 'default.valkey9.cluster.on'
 */
export function clusterModeParameterGroup(engineVersion: string): string {
  const major = /^(\d+)/.exec(engineVersion)?.[1];
  if (!major) throw new Error(`'${engineVersion}' is not a Valkey engine version such as 8.0`);
  return `default.valkey${major}.cluster.on`;
}
