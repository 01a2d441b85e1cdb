/**
 * The emulator's typed errors, in one file: what a caller of the emulator may catch by class.
 * (The toolkit's own errors are in lib/errors.ts and extend MskOnceError; these do not, so that
 * `instanceof MskOnceError` keeps meaning "the toolkit threw it".)
 */

/** Unknown topic, a partition out of range or a bad offset. */
export class KafkaLogError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KafkaLogError';
  }
}

/** An event source mapping option out of AWS's range, or an on-failure topic that is a source topic. */
export class MappingConfigurationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MappingConfigurationError';
  }
}

/**
 * Records too large for any event (over the 6 MB payload limit) in a mapping with no on-failure
 * destination: their partitions stop there instead of skipping them. Names each record.
 */
export class RecordTooLargeError extends Error {
  readonly records: readonly { topic: string; partition: number; offset: number }[];

  constructor(records: readonly { topic: string; partition: number; offset: number }[], limitBytes: number) {
    const where = records.map((r) => `${r.topic}-${r.partition}@${r.offset}`).join(', ');
    super(
      `${where}: over the ${limitBytes}-byte payload limit and no on-failure destination to take it (MaximumPayloadSizeExceeded): its partition stops there; configure onFailureDestination`,
    );
    this.name = 'RecordTooLargeError';
    this.records = records;
  }
}

/** A Lambda function option out of AWS's range (e.g. a timeout over the Kafka limit of 14 minutes). */
export class FunctionConfigurationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FunctionConfigurationError';
  }
}

/** The process died under an invocation (the emulator's stand-in for os.Exit or an out-of-memory kill). */
export class CrashError extends Error {
  constructor(message = 'the execution environment was killed') {
    super(message);
    this.name = 'CrashError';
  }
}

/** A `<topic>-<partition>` text that is not one; names the text. */
export class PositionFormatError extends Error {
  constructor(text: string, expected: string) {
    super(`'${text.length > 80 ? `${text.slice(0, 77)}...` : text}' is not ${expected}`);
    this.name = 'PositionFormatError';
  }
}
