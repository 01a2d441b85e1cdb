// @ts-check
/**
 * A StrykerJS reporter (stryker.config.mjs): each surviving (or uncovered) mutant is printed as
 * soon as it is known, with its source line, instead of only in the table at the end of a run of
 * an hour; a survivor can be studied while the sweep goes on.
 */
import { readFileSync } from 'node:fs';
import { declareClassPlugin, PluginKind } from '@stryker-mutator/api/plugin';

class LiveSurvivors {
  /** @type {Map<string, string[]>} */
  #sources = new Map();

  /** @param {Readonly<import('@stryker-mutator/api/core').MutantResult>} result */
  onMutantTested(result) {
    if (result.status !== 'Survived' && result.status !== 'NoCoverage') return;
    let lines = this.#sources.get(result.fileName);
    if (!lines) {
      lines = readFileSync(result.fileName, 'utf8').split('\n');
      this.#sources.set(result.fileName, lines);
    }
    const { line, column } = result.location.start;
    console.log(
      `[live] ${result.status} ${result.fileName}:${line}:${column} ${result.mutatorName} -> ${JSON.stringify(result.replacement)}\n[live]   ${lines[line - 1]?.trim()}`,
    );
  }
}

export const strykerPlugins = [declareClassPlugin(PluginKind.Reporter, 'live-survivors', LiveSurvivors)];
