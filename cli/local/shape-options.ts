/**
 * `msk-once local` in the team's own shape: the record key of each event (`--key`: a payload field,
 * or a function of the payload from a module) and CloudEvents in binary or structured mode
 * (`--cloudevents`). With a key, the run also checks per-key order (verdict.ts): records of one
 * key must take effect in the order they were published.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Command, InvalidArgumentError, Option } from 'commander';
import type { DeclarativeEventIdSource } from '../../lib/contract.ts';

export type CloudEventsMode = 'binary' | 'structured';

/** Where each event's record key comes from. */
export type KeySpec =
  | { readonly kind: 'field'; readonly path: readonly string[]; readonly text: string }
  | { readonly kind: 'module'; readonly module: string; readonly exportName: string; readonly text: string };

/** The key of one payload (`where` names it in errors: `file:line`). */
export type KeyOf = (payload: unknown, where: string) => string;

const MODULE = /#|\.(m|c)?[jt]s$/;

/**
 * `accountId` or `data.accountId`: a field (a dot path); `./keys.mjs#keyOf` (or `./keys.mjs`,
 * export `key`): a function of the payload.
 *
 * @example
 * parseKeySpec('data.accountId'); // { kind: 'field', path: ['data', 'accountId'], ... }
 */
export function parseKeySpec(text: string): KeySpec {
  if (MODULE.test(text)) {
    const hash = text.lastIndexOf('#');
    const module = hash === -1 ? text : text.slice(0, hash);
    const exportName = hash === -1 ? 'key' : text.slice(hash + 1);
    if (module === '' || exportName === '')
      throw new InvalidArgumentError(`'${text}' is not <module>[#export], e.g. ./keys.mjs#keyOf`);
    return { kind: 'module', module, exportName, text };
  }
  const path = text.split('.');
  if (path.some((part) => part === '' || !/^[\w$-]+$/.test(part)))
    throw new InvalidArgumentError(
      `'${text}' is not a payload field (a dot path, e.g. data.accountId) or <module>#export`,
    );
  return { kind: 'field', path, text };
}

/** The function that keys each payload, loading the module of a `module` spec. */
export async function keyFunctionOf(spec: KeySpec): Promise<KeyOf> {
  if (spec.kind === 'field') {
    return (payload, where) => {
      let at: unknown = payload;
      for (const part of spec.path)
        at = typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[part] : undefined;
      if (typeof at === 'string' && at !== '') return at;
      if (typeof at === 'number' || typeof at === 'bigint') return String(at);
      throw new Error(
        `${where}: --key ${spec.text}: the payload has no ${spec.text} (a non-empty string or a number)`,
      );
    };
  }
  let mod: Record<string, unknown>;
  try {
    mod = (await import(pathToFileURL(resolve(spec.module)).href)) as Record<string, unknown>;
  } catch (error) {
    throw new Error(`cannot load --key ${spec.module}: ${(error as Error).message}`);
  }
  const fn = mod[spec.exportName];
  if (typeof fn !== 'function')
    throw new Error(`--key ${spec.text}: ${spec.module} exports no function '${spec.exportName}'`);
  return (payload, where) => {
    const key = (fn as (p: unknown) => unknown)(payload);
    if (typeof key === 'string' && key !== '') return key;
    if (typeof key === 'number') return String(key);
    throw new Error(
      `${where}: --key ${spec.text} answered ${JSON.stringify(key)}, not a non-empty string or a number`,
    );
  };
}

/**
 * Add `--key` and `--cloudevents` to the `local` command.
 *
 * @example
 * addShapeOptions(new Command('local'));
 */
export function addShapeOptions(command: Command): Command {
  return command
    .addOption(
      new Option(
        '--key <field|module#export>',
        "each event's record key: a payload field (a dot path, e.g. accountId or data.accountId) or a function of the payload from a module (./keys.mjs#keyOf); records of one key are checked to take effect in publish order (default: a key per event)",
      ).argParser(parseKeySpec),
    )
    .addOption(
      new Option(
        '--cloudevents <mode>',
        "publish CloudEvents, the id in the event: binary (ce_ headers) or structured (the value an application/cloudevents+json event; a payload with specversion is your event as it is, its id the run's); sets --id-source cloudevents",
      ).choices(['binary', 'structured']),
    );
}

/** The parsed `--key` and `--cloudevents`, with the id source they imply. */
export function shapeOptions(
  values: Record<string, unknown>,
  idSource: DeclarativeEventIdSource | undefined,
): {
  key: KeySpec | undefined;
  cloudEvents: CloudEventsMode | undefined;
  idSource: DeclarativeEventIdSource | undefined;
} {
  const key = values.key as KeySpec | undefined;
  const cloudEvents = values.cloudevents as CloudEventsMode | undefined;
  if (key && idSource?.from === 'key')
    throw new Error('--key with --id-source key: the key is the event id there; leave one out');
  if (cloudEvents && idSource && idSource.from !== 'cloudevents')
    throw new Error(
      `--cloudevents ${cloudEvents} carries the id in the event: use --id-source cloudevents or leave it out`,
    );
  if (cloudEvents === 'structured' && values.format !== undefined && values.format !== 'json')
    throw new Error('--cloudevents structured writes JSON CloudEvents: it takes --format json only');
  return { key, cloudEvents, idSource: cloudEvents ? (idSource ?? { from: 'cloudevents' }) : idSource };
}
