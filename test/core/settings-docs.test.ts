/**
 * docs/consumer.md's Options and Environment tables and its "Settings that depend on each other"
 * are the declaration's (lib/contract/settings.ts), written by scripts/settings-docs.ts: the docs
 * and the declaration cannot differ, and a setting added to the declaration is a row of both tables.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { SETTINGS, type SettingDeclaration } from '../../lib/contract.ts';
import { CONSUMER_DOCS, settingsDocs, withBlocks } from '../../scripts/settings-docs.ts';

test('docs/consumer.md holds the tables the declaration writes (node scripts/settings-docs.ts --write)', () => {
  const text = readFileSync(CONSUMER_DOCS, 'utf8');
  assert.equal(withBlocks(text, settingsDocs()), text);
  for (const setting of SETTINGS) assert.ok(text.includes(`| \`${setting.variable}\``), setting.variable);
});

test('a made-up setting added to the declaration alone is a row of the Options and Environment tables', () => {
  const madeUp: SettingDeclaration = {
    option: 'flushEveryMs',
    type: 'ms',
    min: 10,
    max: 1000,
    variable: 'MSK_ONCE_FLUSH_EVERY_MS',
    prop: 'flushEvery',
    propIsDuration: true,
    flag: '--flush-every-ms',
    defaultText: '100',
    doc: 'a setting made up by this test',
  };
  const docs = settingsDocs([...SETTINGS, madeUp]);
  assert.match(
    docs.options,
    /\| `flushEveryMs` +\| `MSK_ONCE_FLUSH_EVERY_MS` +\| `flushEvery` \(Duration\) +\| `--flush-every-ms` +\| 100 +\| 10\.\.1000 ms +\| a setting made up by this test +\|/,
  );
  assert.match(
    docs.environment,
    /\| `MSK_ONCE_FLUSH_EVERY_MS` +\| `flushEveryMs` \(10\.\.1000 ms\); default 100 +\|/,
  );
  const text = readFileSync(CONSUMER_DOCS, 'utf8');
  assert.notEqual(withBlocks(text, docs), text, 'the docs as they are would fail the check above');
});
