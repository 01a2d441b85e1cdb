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
  {
    file: 'lib/consumer/batch-record.ts',
    line: 168,
    mutator: 'EqualityOperator',
    replacement: 'at >= this.#confirmedAt',
    why: 'a renewal sent at the very time already recorded sets the same time again',
  },
  {
    file: 'lib/consumer/batch-record.ts',
    line: 222,
    mutator: 'ConditionalExpression',
    replacement: 'true',
    why: 'copyOf runs in the claim step, before any record runs: a duplicate or held original has no error yet to share',
  },
  {
    file: 'lib/consumer/batch-record.ts',
    line: 409,
    mutator: 'OptionalChaining',
    replacement: 'this.#message.eventId',
    why: 'a record reaches an outcome once (every move is guarded) and has a message then: only an undecodable record has none, and it has no key, so it is never a duplicate or a copy',
  },
  {
    file: 'lib/consumer/batch-record.ts',
    line: 410,
    mutator: 'OptionalChaining',
    replacement: 'this.#message.eventId',
    why: 'as above: a held record has a key, hence a message, until its one outcome',
  },
  {
    file: 'lib/consumer/batch-record.ts',
    line: 434,
    mutator: 'StringLiteral',
    replacement: '"Stryker was here!"',
    why: "shapeKeeper: one instance kept alive so that V8 keeps the class's hidden classes; what it holds is never read",
  },
  {
    file: 'lib/consumer/batch-record.ts',
    line: 436,
    mutator: 'ObjectLiteral',
    replacement: '{}',
    why: "shapeKeeper: one instance kept alive so that V8 keeps the class's hidden classes; what it holds is never read",
  },
  {
    file: 'lib/consumer/batch-record.ts',
    line: 436,
    mutator: 'StringLiteral',
    replacement: '"Stryker was here!"',
    why: "shapeKeeper: one instance kept alive so that V8 keeps the class's hidden classes; what it holds is never read",
  },
  {
    file: 'lib/consumer/batch-record.ts',
    line: 436,
    mutator: 'UnaryOperator',
    replacement: '+1',
    why: "shapeKeeper: one instance kept alive so that V8 keeps the class's hidden classes; what it holds is never read",
  },
  {
    file: 'lib/consumer/batch-record.ts',
    line: 437,
    mutator: 'StringLiteral',
    replacement: '"Stryker was here!"',
    why: "shapeKeeper: one instance kept alive so that V8 keeps the class's hidden classes; what it holds is never read",
  },
  {
    file: 'lib/consumer/batch-record.ts',
    line: 438,
    mutator: 'BooleanLiteral',
    replacement: 'true',
    why: "shapeKeeper: one instance kept alive so that V8 keeps the class's hidden classes; what it holds is never read",
  },
];
