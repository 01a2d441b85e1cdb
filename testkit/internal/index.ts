/**
 * This repository's own test harness, beside `msk-once/testkit` and not published with it (no
 * package.json export; nothing published imports it): Redis Cluster topology faults, the cluster's
 * node views and health waits, free ports, the DynamoDB tap of the demo, the seeded PRNG of fault
 * schedules and benchmark picks, percentiles. Imported by test/, bench/, scripts/ and demo/
 * (docs/architecture.md, "The packages").
 */

export type { AwsJsonAnswer, LocalAwsJsonServer } from '../local-aws-json.ts';
export { parseJsonLine } from '../output-capture.ts';
export {
  type ClusterNodeView,
  clusterNodesOf,
  clusterUnhealthy,
  freePort,
  nodeCommand,
  pingRedis,
  redisCliBinary,
  redisServerBinary,
  waitClusterHealthy,
} from '../redis-server.ts';
export { seededRandom } from '../seeded-random.ts';
export {
  assignOrphanSlots,
  type ClusterFaultTimes,
  type ClusterOutage,
  failoverGracefully,
  killMaster,
  leaveSlotsMigrating,
  pauseNode,
  reshardSlots,
  restoreCluster,
  slotOwner,
} from './cluster-faults.ts';
export { type DynamoDBTap, type DynamoDBTapOptions, startDynamoDBTap } from './dynamodb-tap.ts';
export { percentile } from './percentile.ts';
