/**
 * The names of this repository's own CDK app (the example application), which the published
 * parts never hard-code: they take a name or prefix from their caller.
 */

/** The app names each environment's stack `<STACK_NAME_PREFIX>-<environment>`. */
export const STACK_NAME_PREFIX = 'MskOnce';

/** Each environment's resources are named `<RESOURCE_PREFIX>-<environment>...` (its `namePrefix`). */
export const RESOURCE_PREFIX = 'msk-once';
