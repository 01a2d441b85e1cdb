/**
 * The sections of docs/runbook.md that alarms link to. Each anchor is an explicit
 * `<a id="...">` in the runbook (a test checks that every one exists).
 */
export const RUNBOOK_SECTIONS = {
  dedupRatio: 'dedup-ratio',
  dedupErrors: 'dedup-errors',
  dedupLatency: 'dedup-check-latency',
  effectErrors: 'effect-errors',
  functionErrors: 'function-errors',
  throttles: 'function-throttles',
  offsetLag: 'offset-lag',
  mappingErrors: 'mapping-errors',
  mappingStalled: 'mapping-stalled',
  dlqRecords: 'dlq-records',
  recordsLost: 'records-lost',
} as const;

export type RunbookSection = (typeof RUNBOOK_SECTIONS)[keyof typeof RUNBOOK_SECTIONS];

/**
 * The link to one section.
 *
 * @example
 * runbookLink('https://github.com/o/r/blob/main/docs/runbook.md', 'offset-lag');
 * // 'https://github.com/o/r/blob/main/docs/runbook.md#offset-lag'
 */
export function runbookLink(runbookUrl: string, section: RunbookSection): string {
  return `${runbookUrl.replace(/#.*$/, '')}#${section}`;
}
