/**
 * ARNs of an MSK cluster's topics and consumer groups, as IAM access control names them:
 *   cluster  arn:<p>:kafka:<region>:<account>:cluster/<clusterName>/<clusterUuid>
 *   topic    arn:<p>:kafka:<region>:<account>:topic/<clusterName>/<clusterUuid>/<topic>
 *   group    arn:<p>:kafka:<region>:<account>:group/<clusterName>/<clusterUuid>/<group>
 * See docs.aws.amazon.com/msk/latest/developerguide/kafka-actions.html.
 */

/** A cluster ARN that does not have the shape above. */
export class InvalidClusterArnError extends Error {
  constructor(arn: string) {
    super(
      `mskClusterArn '${arn}' is not an MSK cluster ARN (arn:aws:kafka:<region>:<account>:cluster/<name>/<uuid>)`,
    );
    this.name = 'InvalidClusterArnError';
  }
}

const CLUSTER_ARN = /^arn:(aws[a-z-]*):kafka:([a-z0-9-]+):(\d{12}):cluster\/([^/]+)\/([^/]+)$/;

/** The parts of a cluster ARN. */
export interface MskCluster {
  readonly arn: string;
  readonly partition: string;
  readonly region: string;
  readonly account: string;
  readonly name: string;
  readonly uuid: string;
}

/**
 * Split a cluster ARN.
 *
 * @throws {InvalidClusterArnError}
 * @example
 * parseClusterArn('arn:aws:kafka:eu-west-1:111111111111:cluster/msk-dev/abc-1').name; // 'msk-dev'
 */
export function parseClusterArn(arn: string): MskCluster {
  const m = CLUSTER_ARN.exec(arn);
  if (!m) throw new InvalidClusterArnError(arn);
  const [, partition, region, account, name, uuid] = m as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  return { arn, partition, region, account, name, uuid };
}

/**
 * The ARN of a topic of the cluster.
 *
 * @example
 * topicArn(cluster, 'order-placed'); // arn:aws:kafka:...:topic/msk-dev/abc-1/order-placed
 */
export function topicArn(cluster: MskCluster, topic: string): string {
  return `arn:${cluster.partition}:kafka:${cluster.region}:${cluster.account}:topic/${cluster.name}/${cluster.uuid}/${topic}`;
}

/**
 * The ARN of a consumer group of the cluster.
 *
 * @example
 * groupArn(cluster, 'orders.on-order-placed');
 */
export function groupArn(cluster: MskCluster, group: string): string {
  return `arn:${cluster.partition}:kafka:${cluster.region}:${cluster.account}:group/${cluster.name}/${cluster.uuid}/${group}`;
}
