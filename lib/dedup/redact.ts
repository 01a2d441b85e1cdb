/**
 * Keep Redis secrets (an AUTH token, an ElastiCache IAM token, which is a presigned URL) out of
 * error messages, logs and metrics. A configuration error lands in CloudWatch as the init error,
 * and ioredis attaches the arguments of a failed command to its errors (`command.args` of an AUTH
 * holds the password): both are rewritten here before anything else sees them.
 *
 * @internal
 */

/**
 * Names that suggest a credential (a header, a field): their values are never copied into an entry,
 * a log or an error. One list for the consumer: the poison entry's headers use it.
 */
const CREDENTIAL_NAME = new RegExp(
  [
    'auth', // Authorization, Proxy-Authorization, X-Auth-*
    'token',
    'secret',
    'passw',
    'passphrase',
    'pwd',
    'signature',
    'signed',
    'credential',
    'cookie',
    'jwt',
    'bearer',
    'assertion', // X-JWT-Assertion, SAML assertions
    'session', // session keys and ids: x-session-key, sessionid
    'api[-_]?key',
    'access[-_]?key',
    'private[-_]?key',
    'client[-_]?(cert|key)',
    'cert',
    'dsn', // a connection string with its password
    'connection[-_]?string',
    'x-amz-security',
  ].join('|'),
  'i',
);

/** A value that is a credential whatever its name: an HTTP authorization scheme and its token. */
const CREDENTIAL_VALUE = /^\s*(bearer|basic|digest|negotiate|aws4-hmac-sha256)\s+\S/i;

/**
 * Whether a header named `name` (holding `value`, when known) may carry a credential: such a value
 * is not copied.
 *
 * @example
 * isCredentialHeader('X-JWT-Assertion'); // true
 * isCredentialHeader('x-tenant', 'Bearer eyJ…'); // true
 * isCredentialHeader('x-tenant', 'acme'); // false
 * @internal
 */
export function isCredentialHeader(name: string, value?: string): boolean {
  return CREDENTIAL_NAME.test(name) || (value !== undefined && CREDENTIAL_VALUE.test(value));
}

/** What replaces a secret in any text. */
export const REDACTED = '***';

/**
 * A Redis URL fit for a message: no userinfo (user, token), no query or fragment (where a badly
 * escaped token ends up), at most 200 characters. Text that does not start with a scheme is not
 * shown at all: it may be a token pasted into the URL setting.
 *
 * @example
 * redactUrl('rediss://user:s3cr#t@cache.example:6379'); // 'rediss://***@cache.example:6379'
 * @internal
 */
export function redactUrl(url: string): string {
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(url)?.[0];
  if (!scheme) return '(not shown: no redis:// or rediss:// scheme)';
  let rest = url.slice(scheme.length);
  // The host cannot hold '@': everything up to the last one is userinfo, however badly escaped.
  const at = rest.lastIndexOf('@');
  if (at >= 0) rest = `${REDACTED}@${rest.slice(at + 1)}`;
  const tail = rest.search(/[?#]/);
  if (tail >= 0) rest = `${rest.slice(0, tail)}${rest[tail]}${REDACTED}`;
  const shown = `${scheme}${rest}`;
  return shown.length > 200 ? `${shown.slice(0, 199)}…` : shown;
}

/** A secret and the forms it may take in text: as is and percent-encoded. */
function forms(secret: string): string[] {
  const out = [secret];
  const encoded = encodeURIComponent(secret);
  if (encoded !== secret) out.push(encoded);
  return out;
}

/**
 * `text` with every occurrence of each secret (and its percent-encoded form) replaced by `***`.
 *
 * @example
 * scrubText('AUTH dedup s3cret failed', ['s3cret']); // 'AUTH dedup *** failed'
 * @internal
 */
export function scrubText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    // Very short "secrets" would blank out ordinary words; Redis tokens are 16+ characters.
    if (secret.length < 4) continue;
    for (const form of forms(secret)) out = out.split(form).join(REDACTED);
  }
  return out;
}

/**
 * A copy of `error` safe to log: its name and message (secrets scrubbed) and the same for its
 * `cause` chain, and nothing else. ioredis errors carry `command: { name, args }` (an AUTH's args
 * are the user and the token), cluster errors `lastNodeError`; a logger would print them all.
 *
 * @example
 * const safe = scrubError(replyError, [password]); // no `command`, no password in the message
 * @internal
 */
export function scrubError(error: unknown, secrets: readonly string[], depth = 0): Error {
  const name = read(() => (error instanceof Error ? String(error.name) : 'Error'), 'Error');
  const message = read(
    () => (error instanceof Error ? String(error.message) : String(error)),
    '(an error that cannot be read)',
  );
  const cause = read(() => (error instanceof Error && depth < 3 ? error.cause : undefined), undefined);
  const copy = new Error(
    scrubText(message, secrets),
    cause === undefined ? undefined : { cause: scrubError(cause, secrets, depth + 1) },
  );
  copy.name = name;
  // The stack repeats the message: rebuild it from the scrubbed one.
  copy.stack = `${name}: ${copy.message}`;
  return copy;
}

/** A property of a thrown value, which may be a Proxy or have a throwing getter. */
function read<T>(get: () => T, fallback: T): T {
  try {
    return get();
  } catch {
    return fallback;
  }
}

/**
 * What a caller's `password` function throws, told without its message: the function handles the
 * secret, so its errors may quote it (a `JSON.parse` of a plain-text secret quotes its start).
 * Only the thrown value's type (an Error's class name, when it is a plain identifier) is shown.
 *
 * @example
 * const make = opaqueFailures(() => JSON.parse(secretText).password);
 * // rejects with: the password function threw a SyntaxError (its message is not shown: it may quote the secret)
 * @internal
 */
export function opaqueFailures<T>(make: () => T | Promise<T>): () => Promise<T> {
  return async () => {
    try {
      return await make();
    } catch (thrown) {
      const type = thrownType(thrown);
      throw new Error(
        `the password function threw ${/^[AEIOU]/i.test(type) ? 'an' : 'a'} ${type} (its message is not shown: it may quote the secret)`,
      );
    }
  };
}

/** An Error's class name when it is a plain identifier, else the value's type; never its text. */
function thrownType(thrown: unknown): string {
  const name = read(() => (thrown instanceof Error ? String(thrown.name) : undefined), undefined);
  if (name !== undefined) return /^[A-Za-z_$][\w$]{0,59}$/.test(name) ? name : 'Error';
  return thrown === null ? 'null' : typeof thrown;
}
