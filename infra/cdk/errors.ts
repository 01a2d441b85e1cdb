/**
 * A construct was given a setting that cannot work; the message names the property and says why.
 */
export class ConstructConfigError extends Error {
  /** The construct path, e.g. `<stack id>/orders`. */
  readonly construct: string;
  /** The offending property, e.g. `dlqTopic`. */
  readonly prop: string;
  constructor(construct: string, prop: string, reason: string) {
    super(`${construct}: ${prop} ${reason}`);
    this.name = 'ConstructConfigError';
    this.construct = construct;
    this.prop = prop;
  }
}
