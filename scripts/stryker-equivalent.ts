/**
 * Survivors of StrykerJS judged equivalent by hand (scripts/stryker-sweep.ts takes them out of the
 * score): a mutant no test can kill because the program behaves the same with it. Each says why.
 * A mutant is named by its file, line, mutator and replacement (Stryker's ids change between runs).
 */
export interface Equivalent {
  file: string;
  line: number;
  mutator: string;
  replacement: string;
  why: string;
}

export const EQUIVALENT: readonly Equivalent[] = [
  {
    file: 'lib/consumer/group-commit.ts',
    line: 70,
    mutator: 'ArrowFunction',
    replacement: '() => undefined',
    why: 'a group that landed stays in the in-flight set: the answer then awaits a promise already settled, which changes nothing; only the memory of one invocation grows, by one entry per group',
  },
];
