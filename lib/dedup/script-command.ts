/**
 * The store's script commands, each written to the wire as one buffer.
 *
 * Why: ioredis writes a command that has a Buffer argument (each claim and commit script has one:
 * its marks) through a list of parts: a new string per argument (its header, the text and CRLF),
 * made flat, then copied into a buffer. That was the largest allocation of a batch on a cluster,
 * where a batch of 10,000 records sends ~4,900 scripts of a few keys each
 * (bench/micro/alloc-sites.ts: 11-12 MB of a call's ~102 MB sampled). This command sizes the
 * buffer from the arguments' byte lengths and writes headers and bytes straight into it, with no
 * string in between: the same bytes (test/core/script-command.test.ts compares them with ioredis's
 * own writer).
 *
 * What ioredis does with a script is kept as it is (ioredis 5's `Script`): the first command of a
 * script on a connection goes as EVAL with its text, EVALSHA after; a NOSCRIPT answer forgets the
 * connection, and the retry sends it as EVAL again. The claim and commit scripts are sent by
 * {@link sendScript} (the same command, without the copies of its arguments that ioredis's script
 * method makes), which does that retry itself.
 * @internal
 */
import type { Cluster, Redis } from 'ioredis';
import { Command } from 'ioredis';

/** ioredis's script as `defineCommand` keeps it (`scriptsSet[name]`, ioredis 5). */
interface DefinedScript {
  lua: string;
  sha: string;
  Command: typeof Command;
}

type Socket = object;
type Argument = string | Buffer;

const CR = 13;
const LF = 10;

/** Digits of a non-negative integer. */
function digitsOf(n: number): number {
  let digits = 1;
  while (n >= 10) {
    n = Math.floor(n / 10);
    digits++;
  }
  return digits;
}

/** `<prefix><n>\r\n` at `at`; answers the offset after it. */
function writeHeader(buffer: Buffer, at: number, prefix: number, n: number): number {
  buffer[at++] = prefix;
  const digits = digitsOf(n);
  for (let i = digits - 1; i >= 0; i--) {
    buffer[at + i] = 48 + (n % 10);
    n = Math.floor(n / 10);
  }
  at += digits;
  buffer[at++] = CR;
  buffer[at++] = LF;
  return at;
}

const byteLengthOf = (arg: Argument): number =>
  typeof arg === 'string' ? Buffer.byteLength(arg, 'utf8') : arg.length;

/**
 * The RESP array of `name` and `args` (strings and Buffers, as ioredis leaves a command's
 * arguments), in one buffer.
 *
 * @example
 * respOf('evalsha', ['<sha>', '1', 'key', Buffer.from([0, 1])]);
 */
export function respOf(name: string, args: readonly Argument[]): Buffer {
  let size = 1 + digitsOf(args.length + 1) + 2;
  const nameBytes = Buffer.byteLength(name, 'utf8');
  size += 1 + digitsOf(nameBytes) + 2 + nameBytes + 2;
  for (let i = 0; i < args.length; i++) {
    const n = byteLengthOf(args[i]!);
    size += 1 + digitsOf(n) + 2 + n + 2;
  }
  const buffer = Buffer.allocUnsafe(size);
  let at = writeHeader(buffer, 0, 42 /* * */, args.length + 1);
  at = writeHeader(buffer, at, 36 /* $ */, nameBytes);
  at += buffer.write(name, at, 'utf8');
  buffer[at++] = CR;
  buffer[at++] = LF;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (typeof arg === 'string') {
      at = writeHeader(buffer, at, 36, Buffer.byteLength(arg, 'utf8'));
      at += buffer.write(arg, at, 'utf8');
    } else {
      at = writeHeader(buffer, at, 36, arg.length);
      at += arg.copy(buffer, at);
    }
    buffer[at++] = CR;
    buffer[at++] = LF;
  }
  return buffer;
}

/** Set on the command classes {@link scriptCommandOf} makes: {@link sendScript} may send them itself. */
const ONE_BUFFER = Symbol('msk-once.oneBuffer');

/** A script's command class: ioredis's ways with EVAL and NOSCRIPT, written by {@link respOf}. */
function scriptCommandOf(lua: string, sha: string): typeof Command {
  // The connections that have run the script (as ioredis's Script keeps them).
  const loaded = new WeakSet<Socket>();
  return class ScriptCommand extends Command {
    static readonly [ONE_BUFFER] = true;
    override toWritable(socket: Socket): string | Buffer {
      const self = this as unknown as { reject: (error: Error) => void; name: string; args: Argument[] };
      const reject = self.reject;
      self.reject = (error: Error) => {
        if (error.message.includes('NOSCRIPT')) loaded.delete(socket);
        reject.call(this, error);
      };
      if (!loaded.has(socket)) {
        loaded.add(socket);
        self.name = 'eval';
        self.args[0] = lua;
      } else if (self.name === 'eval') {
        self.name = 'evalsha';
        self.args[0] = sha;
      }
      return respOf(self.name, self.args);
    }
  };
}

/**
 * Give the scripts `names` that `client.defineCommand` made the command of {@link respOf}. Where
 * ioredis keeps its scripts otherwise (another major version), they are left as they are: ioredis
 * writes them its own way, the same bytes.
 */
export function writeScriptsInOneBuffer(client: Redis | Cluster, names: readonly string[]): void {
  const scripts = (client as unknown as { scriptsSet?: Record<string, DefinedScript | undefined> })
    .scriptsSet;
  for (const name of names) {
    const script = scripts?.[name];
    if (!script || typeof script.lua !== 'string' || typeof script.sha !== 'string') continue;
    if (!(script.Command?.prototype instanceof Command)) continue;
    script.Command = scriptCommandOf(script.lua, script.sha);
  }
}

/** A client or a pipeline of one, as far as {@link sendScript} uses them (ioredis 5). */
interface Container {
  isPipeline?: boolean;
  redis?: Container;
  options?: { keyPrefix?: unknown; showFriendlyErrorStack?: unknown };
  scriptsSet?: Record<string, DefinedScript | undefined>;
  sendCommand(command: Command): unknown;
}

const NO_ARGS: never[] = [];
// As ioredis's script methods: replies as text (the `...Buffer` methods are the other encoding).
const AS_TEXT = { replyEncoding: 'utf8' } as const;

function commandOf(Made: typeof Command, args: Argument[]): Command {
  // Made with no arguments, then given them: the constructor's copy (`flat`) and its pass that
  // turns numbers into text are for arguments that may be either; these are text and Buffers.
  const command = new Made('evalsha', NO_ARGS, AS_TEXT);
  (command as unknown as { args: Argument[] }).args = args;
  return command;
}

/**
 * Send script `name` on `container` (a client or a pipeline) as its ioredis method would, where
 * {@link writeScriptsInOneBuffer} made its command: `args` are the script's arguments (the key
 * count, the keys, the rest; text and Buffers only) after a first element left for the script
 * itself, which the command writes (its text or its SHA). Returns what the method would (the
 * reply's promise, or the pipeline).
 *
 * Why not the method: for a 1,000-key script it copies the arguments three times (`unshift`, a
 * spread into `[sha, ...args]`, `flat`) and passes over them once more, which took more of the
 * client's time than writing the command (bench/micro/cpu-profile.ts). A NOSCRIPT reply is
 * answered as ioredis's script does: the command is sent again, as EVAL. A client with a key
 * prefix or friendly error stacks, or a script made another way, goes through the method.
 *
 * @example
 * sendScript(pipeline, 'mskOnceClaimMarks', ['', '2', key, hash, owner, '30000', '7', '1', marks]);
 * @internal
 */
export function sendScript(container: object, name: string, args: Argument[]): unknown {
  const target = container as Container;
  const client = target.isPipeline ? target.redis! : target;
  const script = client.scriptsSet?.[name];
  const Made = script?.Command as (typeof Command & { [ONE_BUFFER]?: true }) | undefined;
  if (!Made?.[ONE_BUFFER] || client.options?.keyPrefix || client.options?.showFriendlyErrorStack) {
    const method = (container as Record<string, (...a: Argument[]) => unknown>)[name]!;
    return method.apply(container, args.slice(1));
  }
  // EVALSHA until the command finds a connection that has not run the script (then EVAL).
  args[0] = script!.sha;
  const command = commandOf(Made, args);
  command.promise = command.promise.catch((error: Error) => {
    if (!error.message.includes('NOSCRIPT')) throw error;
    const again = commandOf(Made, args);
    client.sendCommand(again);
    return again.promise;
  });
  return target.sendCommand(command);
}
