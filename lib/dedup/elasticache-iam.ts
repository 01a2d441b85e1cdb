/**
 * ElastiCache IAM authentication: a SigV4-presigned `connect` request is the AUTH password.
 * Tokens live 15 minutes and are checked only when a connection authenticates, so the connection
 * makes a new one before every (re)connect, its own background ones included (a sandbox thawed
 * after 20 minutes, the 12-hour limit of an IAM-authenticated connection, a failover). Cluster
 * nodes that ioredis adds on its own read the token from the options, which are kept younger than
 * {@link TOKEN_REFRESH_MS}. See docs.aws.amazon.com/AmazonElastiCache/latest/dg/auth-iam.html.
 *
 * A token is a presigned URL: a secret for 15 minutes. It never appears in an error or a log
 * (see redact.ts).
 */
import { createHash, createHmac } from 'node:crypto';
import { importPeer } from '../optional-peer.ts';

// The shapes of @smithy/types, written here so that the published types need no AWS SDK package
// (a function that does not use IAM auth installs none).
/** AWS credentials, as the AWS SDK's credential providers give them. */
export interface AwsCredentials {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly sessionToken?: string;
  readonly expiration?: Date;
}
type SourceData = string | ArrayBuffer | ArrayBufferView;

/** Who connects to which cache. The user id must equal the IAM-enabled user's name. */
export interface ElastiCacheIamAuth {
  /** The ElastiCache user id (IAM authentication mode), also sent as the Redis username. */
  userId: string;
  /** Serverless cache name or replication group id, lower case. */
  cacheName: string;
  /** Default: AWS_REGION. */
  region?: string;
  /** True for ElastiCache Serverless (adds ResourceType=ServerlessCache). Default: true. */
  serverless?: boolean;
  /** Default: the Node.js default credential chain (the Lambda execution role). */
  credentials?: AwsCredentials | (() => Promise<AwsCredentials>);
}

/** Renew the token kept in the options once it is older than this (tokens are valid for 15 minutes). */
export const TOKEN_REFRESH_MS = 10 * 60 * 1000;

function bytes(data: SourceData): string | Uint8Array {
  if (typeof data === 'string' || data instanceof Uint8Array) return data;
  return ArrayBuffer.isView(data)
    ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
    : new Uint8Array(data);
}

// SignatureV4 wants a hash constructor; node:crypto does the work (what @smithy/hash-node does).
class Sha256 {
  readonly #hash;
  constructor(secret?: SourceData) {
    this.#hash = secret ? createHmac('sha256', bytes(secret)) : createHash('sha256');
  }
  update(data: SourceData): void {
    this.#hash.update(bytes(data));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.#hash.digest());
  }
}

/**
 * A fresh IAM auth token for `auth`: the presigned URL without its `http://` scheme.
 *
 * @example
 * const password = await elastiCacheIamToken({ userId: 'dedup', cacheName: 'shop-prod' });
 */
export async function elastiCacheIamToken(auth: ElastiCacheIamAuth, now = new Date()): Promise<string> {
  return elastiCacheIamTokens(auth)(now);
}

/**
 * A maker of IAM auth tokens for `auth`: each call signs a new one. The credentials provider is
 * made once (the default chain caches the execution role's keys), so a token costs a signature,
 * not a credentials lookup.
 *
 * @example
 * const token = elastiCacheIamTokens({ userId: 'dedup', cacheName: 'shop-prod' });
 * const password = await token();
 */
export function elastiCacheIamTokens(auth: ElastiCacheIamAuth): (now?: Date) => Promise<string> {
  let credentials: ElastiCacheIamAuth['credentials'] = auth.credentials;
  return async (now = new Date()) => {
    const { SignatureV4 } = await importPeer(
      '@smithy/signature-v4',
      'ElastiCache IAM auth (redis.iam)',
      () => import('@smithy/signature-v4'),
    );
    const region = auth.region ?? process.env.AWS_REGION;
    if (!region) throw new Error('ElastiCache IAM auth needs a region: set redis.iam.region or AWS_REGION');
    credentials ??= (
      await importPeer(
        '@aws-sdk/credential-provider-node',
        'ElastiCache IAM auth (redis.iam) without credentials',
        () => import('@aws-sdk/credential-provider-node'),
      )
    ).defaultProvider();
    const signer = new SignatureV4({ service: 'elasticache', region, credentials, sha256: Sha256 });
    const query: Record<string, string> = { Action: 'connect', User: auth.userId };
    if (auth.serverless !== false) query.ResourceType = 'ServerlessCache';
    const signed = await signer.presign(
      {
        method: 'GET',
        protocol: 'http:',
        hostname: auth.cacheName,
        path: '/',
        query,
        headers: { host: auth.cacheName },
      },
      { expiresIn: 900, signingDate: now },
    );
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(signed.query ?? {})) {
      if (typeof value === 'string') params.append(name, value);
    }
    return `${auth.cacheName}/?${params.toString()}`;
  };
}
