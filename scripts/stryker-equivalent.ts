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
  {
    file: 'lib/contract/dedup-key.ts',
    line: 100,
    mutator: 'EqualityOperator',
    replacement: 'k <= 4 * TAG_LENGTH',
    why: 'the tag solver runs once at import and key-format.test.ts checks its output for all 65,536 CRCs: this mutant leaves the table the same (one more row, for a bit past the tag, is never taken as a pivot: rows are scanned in order)',
  },
  {
    file: 'lib/contract/dedup-key.ts',
    line: 110,
    mutator: 'ConditionalExpression',
    replacement: 'true',
    why: 'the tag solver runs once at import and key-format.test.ts checks its output for all 65,536 CRCs: this mutant leaves the table the same (the nibbles span CRC16, so a pivot is always found before the last row)',
  },
  {
    file: 'lib/contract/dedup-key.ts',
    line: 110,
    mutator: 'EqualityOperator',
    replacement: 'r <= images.length',
    why: 'the tag solver runs once at import and key-format.test.ts checks its output for all 65,536 CRCs: this mutant leaves the table the same (a row past the end reads undefined, whose bits are 0)',
  },
  {
    file: 'lib/contract/dedup-key.ts',
    line: 110,
    mutator: 'EqualityOperator',
    replacement: 'pivot <= 0',
    why: 'the tag solver runs once at import and key-format.test.ts checks its output for all 65,536 CRCs: this mutant leaves the table the same (another pivot row gives the same unique inverse)',
  },
  {
    file: 'lib/contract/dedup-key.ts',
    line: 111,
    mutator: 'ConditionalExpression',
    replacement: 'false',
    why: 'the tag solver runs once at import and key-format.test.ts checks its output for all 65,536 CRCs: this mutant leaves the table the same (the guard never fires)',
  },
  {
    file: 'lib/contract/dedup-key.ts',
    line: 111,
    mutator: 'StringLiteral',
    replacement: '""',
    why: 'the message of an error the solver never throws (the nibbles span CRC16, checked for every CRC)',
  },
  {
    file: 'lib/contract/dedup-key.ts',
    line: 114,
    mutator: 'EqualityOperator',
    replacement: 'r <= images.length',
    why: 'the tag solver runs once at import and key-format.test.ts checks its output for all 65,536 CRCs: this mutant leaves the table the same (a row past the end reads undefined, whose bits are 0)',
  },
  {
    file: 'lib/contract/dedup-key.ts',
    line: 123,
    mutator: 'EqualityOperator',
    replacement: 'r <= 16',
    why: 'the tag solver runs once at import and key-format.test.ts checks its output for all 65,536 CRCs: this mutant leaves the table the same (row 16 is reduced to 0: its entry lands at index -1 of the typed array, which drops it)',
  },
  {
    file: 'lib/contract/dedup-key.ts',
    line: 135,
    mutator: 'EqualityOperator',
    replacement: 'j <= 16',
    why: 'bit 16 of a 16-bit CRC is 0: the extra turn adds nothing',
  },
  {
    file: 'lib/contract/dedup-key.ts',
    line: 167,
    mutator: 'EqualityOperator',
    replacement: 'buckets >= 0',
    why: '0 buckets are refused anyway: 16384 % 0 is NaN, not 0',
  },
  {
    file: 'lib/contract/dedup-key.ts',
    line: 170,
    mutator: 'ArrayDeclaration',
    replacement: 'new Array()',
    why: 'the array is filled index by index either way; the length given only sizes it up front',
  },
  {
    file: 'lib/contract/dedup-key.ts',
    line: 180,
    mutator: 'StringLiteral',
    replacement: '"Stryker was here!"',
    why: 'the last-prefix cache starts on a prefix no handler has (prefixes end in ":"): the first call misses it either way',
  },
  {
    file: 'lib/contract/dedup-key.ts',
    line: 181,
    mutator: 'ArrayDeclaration',
    replacement: '["Stryker was here"]',
    why: 'the cached tags of the empty prefix, which no handler has',
  },
  {
    file: 'lib/contract/dedup-key.ts',
    line: 184,
    mutator: 'ConditionalExpression',
    replacement: 'false',
    why: 'the last-prefix cache skipped: the memo gives the same tags',
  },
  {
    file: 'lib/contract/dedup-key.ts',
    line: 186,
    mutator: 'ConditionalExpression',
    replacement: 'true',
    why: 'the memo skipped: the tags are made again, the same',
  },
  {
    file: 'lib/contract/dedup-key.ts',
    line: 187,
    mutator: 'ConditionalExpression',
    replacement: 'true',
    why: 'the memo cleared more often: the tags are made again, the same',
  },
  {
    file: 'lib/contract/dedup-key.ts',
    line: 187,
    mutator: 'ConditionalExpression',
    replacement: 'false',
    why: 'the memo never cleared: the same tags, more memory for more than MEMO_LIMIT prefixes',
  },
  {
    file: 'lib/contract/dedup-key.ts',
    line: 187,
    mutator: 'EqualityOperator',
    replacement: 'memo.size > MEMO_LIMIT',
    why: 'the memo cleared one prefix later: the same tags',
  },
  {
    file: 'lib/contract/dedup-key.ts',
    line: 187,
    mutator: 'EqualityOperator',
    replacement: 'memo.size < MEMO_LIMIT',
    why: 'the memo cleared while small: the tags are made again, the same',
  },
  {
    file: 'lib/contract/dedup-key.ts',
    line: 219,
    mutator: 'EqualityOperator',
    replacement: 'close <= 0',
    why: 'close is -1 or found from open + 1 >= 1: never 0',
  },
  {
    file: 'lib/contract/dedup-key.ts',
    line: 230,
    mutator: 'EqualityOperator',
    replacement: "key.indexOf('}', open + 1) <= 0",
    why: 'found from open + 1 >= 1: never 0',
  },
];
