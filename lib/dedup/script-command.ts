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
 * connection, and the script's own retry sends it as EVAL again.
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

/** A script's command class: ioredis's ways with EVAL and NOSCRIPT, written by {@link respOf}. */
function scriptCommandOf(lua: string, sha: string): typeof Command {
  // The connections that have run the script (as ioredis's Script keeps them).
  const loaded = new WeakSet<Socket>();
  return class ScriptCommand extends Command {
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
