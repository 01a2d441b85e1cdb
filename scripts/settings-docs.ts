/**
 * The tables of docs/consumer.md that the settings' declaration (lib/contract/settings.ts) writes:
 * "Options" (every setting: option, variable, prop, flag, default, bounds, doc), the settings' rows
 * of "Environment", and the list of "Settings that depend on each other". Each sits between
 * `<!-- settings:<name> -->` and `<!-- /settings:<name> -->`; test/core/settings-docs.test.ts fails
 * when the docs and the declaration differ.
 *
 *   node scripts/settings-docs.ts          # check (exit 1 when the docs differ)
 *   node scripts/settings-docs.ts --write  # rewrite the tables in docs/consumer.md
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  SETTING_CONSTRAINTS,
  SETTINGS,
  type SettingConstraint,
  type SettingDeclaration,
  settingName,
} from '../lib/contract.ts';

export const CONSUMER_DOCS = fileURLToPath(new URL('../docs/consumer.md', import.meta.url));

function bounds(setting: SettingDeclaration): string {
  switch (setting.type) {
    case 'ms':
      return `${setting.min}..${setting.max} ms`;
    case 'count':
      return `${setting.min}..${setting.max}`;
    case 'choice':
      return setting.values.map((v) => `\`${v}\``).join(', ');
    case 'window':
      return 'a name or seconds >= 600';
  }
}

const code = (text: string | undefined) => (text === undefined ? '-' : `\`${text}\``);

/** Rows of a Markdown table, columns padded as the formatter would leave them. */
function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, 3, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** The generated blocks, by name, from `settings` and `constraints`. */
export function settingsDocs(
  settings: readonly SettingDeclaration[] = SETTINGS,
  constraints: readonly SettingConstraint[] = SETTING_CONSTRAINTS,
): Record<'options' | 'environment' | 'constraints', string> {
  const options = table(
    ['option', 'variable', 'prop (KafkaConsumer)', 'flag (local)', 'default', 'bounds', 'what it does'],
    settings.map((s) => [
      code(s.option),
      code(s.variable),
      s.prop === undefined ? '-' : `\`${s.prop}\`${s.propIsDuration ? ' (Duration)' : ''}`,
      code(settingName(s, 'flag')),
      s.defaultText,
      bounds(s),
      s.doc,
    ]),
  );
  const environment = table(
    ['variable', 'value'],
    settings.map((s) => [code(s.variable), `\`${s.option}\` (${bounds(s)}); default ${s.defaultText}`]),
  );
  const list = constraints
    .map((c) => `- ${c.settings.map((id) => `\`${id}\``).join(' and ')}: ${c.doc}.`)
    .join('\n');
  return { options, environment, constraints: list };
}

/** `text` with each generated block replaced by `blocks`' (markers kept). */
export function withBlocks(text: string, blocks: Record<string, string>): string {
  let out = text;
  for (const [name, block] of Object.entries(blocks)) {
    const open = `<!-- settings:${name} -->`;
    const close = `<!-- /settings:${name} -->`;
    const from = out.indexOf(open);
    const to = out.indexOf(close);
    if (from < 0 || to < from) throw new Error(`docs/consumer.md has no ${open} ... ${close}`);
    out = `${out.slice(0, from + open.length)}\n${block}\n${out.slice(to)}`;
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = readFileSync(CONSUMER_DOCS, 'utf8');
  const next = withBlocks(text, settingsDocs());
  if (process.argv.includes('--write')) writeFileSync(CONSUMER_DOCS, next);
  else if (next !== text) {
    console.error(
      'docs/consumer.md differs from the settings declaration: run node scripts/settings-docs.ts --write',
    );
    process.exitCode = 1;
  }
}
