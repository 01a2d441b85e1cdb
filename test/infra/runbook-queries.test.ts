/**
 * The runbook's Logs Insights queries (and the triage's) read fields the code really writes: each
 * field a query names is checked against the JSON lines of a real local run (the emulator feeding a
 * real kafkaHandler, with repeats, a Redis outage and a record that ends in the DLQ), and each
 * message a query filters on is one the code logs.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { before, describe, test } from 'node:test';
import { TRIAGE_LOGS_QUERY } from '../../cli/triage/aws.ts';
import { PROJECT_ROOT } from '../../infra/build-app.ts';
import { localRun } from '../support/local-run.ts';

/** Every fenced block of the runbook that is a Logs Insights query. */
function runbookQueries(): { section: string; query: string }[] {
  const runbook = readFileSync(path.join(PROJECT_ROOT, 'docs', 'runbook.md'), 'utf8');
  const out: { section: string; query: string }[] = [];
  let section = '(top)';
  const lines = runbook.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const heading = /^## (\S+)/.exec(lines[i]!);
    if (heading) section = heading[1]!;
    if (!lines[i]!.trim().startsWith('```')) continue;
    const body: string[] = [];
    for (i++; i < lines.length && lines[i]!.trim() !== '```'; i++) body.push(lines[i]!.trim());
    if (/^(fields|filter|stats)\b/.test(body[0] ?? '')) out.push({ section, query: body.join('\n') });
  }
  return out;
}

const KEYWORDS = new Set(
  'fields filter stats sort limit by as and or not in like desc asc display parse dedup'.split(' '),
);

/** The log fields a query reads: not @-fields, functions, keywords, literals or its own aliases. */
export function queryFields(query: string): string[] {
  const text = query.replace(/"(?:[^"\\]|\\.)*"/g, ' ').replace(/\/(?:[^/\\]|\\.)+\//g, ' ');
  const aliases = new Set([...text.matchAll(/\bas\s+([A-Za-z_][\w]*)/g)].map((m) => m[1]!));
  const fields = new Set<string>();
  for (const m of text.matchAll(/(?<![\w.@])(@?[A-Za-z_][\w.]*)(\s*\()?/g)) {
    const [, name, call] = m;
    if (call || name!.startsWith('@') || KEYWORDS.has(name!) || aliases.has(name!)) continue;
    fields.add(name!);
  }
  return [...fields].sort();
}

function has(line: Record<string, unknown>, dotted: string): boolean {
  let value: unknown = line;
  for (const part of dotted.split('.')) {
    if (value === null || typeof value !== 'object') return false;
    value = (value as Record<string, unknown>)[part];
  }
  return value !== undefined;
}

/** The text of the toolkit's sources, where every message it logs is written. */
function libSources(dir = path.join(PROJECT_ROOT, 'lib')): string {
  return readdirSync(dir, { withFileTypes: true })
    .map((e) =>
      e.isDirectory()
        ? libSources(path.join(dir, e.name))
        : e.name.endsWith('.ts')
          ? readFileSync(path.join(dir, e.name), 'utf8')
          : '',
    )
    .join('\n');
}

describe('Logs Insights queries against the lines of a real run', () => {
  let lines: Record<string, unknown>[];
  before(async () => {
    lines = (await localRun()).lines.filter((l) => !l._aws);
  });

  test('the runbook has a query in each alarm section (and they were all found)', () => {
    const sections = new Set(runbookQueries().map((q) => q.section));
    for (const s of [
      'dedup-ratio:',
      'dedup-errors:',
      'effect-errors:',
      'function-errors:',
      'dlq-records:',
      'records-lost:',
    ])
      assert.ok(sections.has(s), s);
  });

  test('every field a query reads is written by the code (seen in a real log line)', () => {
    const queries = [...runbookQueries(), { section: 'triage', query: TRIAGE_LOGS_QUERY }];
    const missing: string[] = [];
    for (const { section, query } of queries) {
      for (const field of queryFields(query)) {
        if (!lines.some((l) => has(l, field))) missing.push(`${section} ${field}`);
      }
    }
    assert.deepEqual(missing, []);
  });

  test('every message a query filters on is one the code logs', () => {
    const sources = libSources();
    for (const { section, query } of [...runbookQueries(), { section: 'triage', query: TRIAGE_LOGS_QUERY }]) {
      for (const m of query.matchAll(/(?<!@)\bmessage\s*=\s*"([^"]+)"/g)) {
        assert.ok(
          lines.some((l) => l.message === m[1]),
          `${section}: no real line has message "${m[1]}"`,
        );
      }
      // Only the code's `message` field; `@message` is the raw line (platform text included).
      for (const m of query.matchAll(/(?<!@)\bmessage like \/([^/]+)\//g)) {
        for (const alternative of m[1]!.split('|')) {
          assert.ok(
            sources.includes(alternative),
            `${section}: the code logs no message with "${alternative}"`,
          );
        }
      }
    }
  });

  test('the field check is not vacuous: a field the code does not write is caught', () => {
    assert.deepEqual(
      queryFields('fields @timestamp, duplicates, dupes as d | stats sum(d) by bin(5m), topic'),
      ['dupes', 'duplicates', 'topic'],
    );
    assert.ok(!lines.some((l) => has(l, 'dupes')));
    assert.ok(lines.some((l) => has(l, 'duplicatesInBatch')) && lines.some((l) => has(l, 'error.name')));
  });
});
