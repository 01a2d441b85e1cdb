/**
 * Bounds avsc's reading of arrays and maps by the bytes it is given.
 *
 * avsc reads a block count and then loops that many times (and, for arrays, allocates an array of
 * that length) before it checks whether the buffer was long enough: a 6-byte value announcing 3e8
 * items exhausts the heap long before avsc says "truncated buffer". And its skip of a block with a
 * byte size moves by that size, backwards too. Every other Avro read is already bounded (strings,
 * bytes and fixed check the buffer before they copy; past the end every varint reads as 0, which
 * ends every loop).
 *
 * So every array and map type of a parsed schema is a subclass (made through avsc's `typeHook`)
 * whose `_read`, `_skip` and (for resolution) `_update` admit a block only when it can fit in the
 * bytes left: an item takes at least {@link minEncodedBytes} of its writer type, so
 * `count * minBytes <= bytesLeft` holds for every valid value. Items that encode in 0 bytes (null,
 * an empty record) cannot be bounded by bytes, so they draw on a budget per value
 * (`maxZeroByteItems`), reset before each value.
 *
 * Why a type hook rather than a pre-scan of the bytes: the check costs one comparison (and a
 * WeakMap lookup) per array or map, no second pass over the value; and it cannot drift from what
 * avsc reads, where a pre-scan would re-implement Avro's encoding for every type. What it relies
 * on: avsc 5's `typeHook` and `types.ArrayType`/`MapType` (public), their internal
 * `_read`/`_skip`/`_update` protocol and the Tap's `buf`/`pos` (the decode-bounds tests kill their
 * child process if a new avsc stops calling them). What it does not do: bound the depth of
 * recursive schemas (each level takes at least one byte, and a stack overflow is an ordinary error
 * that fails the record).
 *
 * @internal
 */
import type { Type } from 'avsc';

/**
 * avsc's module as this file's exported signatures name it: structurally, so that the declarations
 * of msk-once/formats import nothing from avsc (a project that uses another format type-checks
 * without avsc's types installed, under `skipLibCheck: false`).
 */
type AvscModule = { readonly types: object };
/** A `typeHook` as avsc's `Type.forSchema` takes it (its `Type` named structurally, as above). */
export type BoundedTypeHook = (schema: unknown, opts: object) => object | undefined;

/** The per-record budget of zero-byte items, shared by the patched types of one codec. */
export interface AvroBounds {
  readonly maxZeroByteItems: number;
  /** Reset to `maxZeroByteItems` before each value. */
  zeroByteItemsLeft: number;
}

/** avsc's reading cursor (internal, but stable across avsc 5). */
interface Tap {
  buf: Buffer;
  pos: number;
  readLong(): number;
  skipLong(): void;
  skipString(): void;
  readString(): string;
}

/** What this module reads of avsc's types (internal fields of avsc 5). */
interface AnyType {
  typeName: string;
  itemsType?: AnyType;
  valuesType?: AnyType;
  types?: AnyType[];
  fields?: { type: AnyType }[];
  size?: number;
  underlyingType?: AnyType;
  _read: (this: Reading, tap: Tap) => unknown;
  _skip: (this: Reading, tap: Tap) => void;
  _update: (this: AnyType, resolver: { _read: unknown }, writer: AnyType, opts: unknown) => void;
}

/** A type or a resolver: both carry `itemsType` / `valuesType` with `_read` and `_skip`. */
interface Reading {
  itemsType: { _read(tap: Tap): unknown; _skip(tap: Tap): void };
  valuesType: { _read(tap: Tap): unknown; _skip(tap: Tap): void };
}

const FIXED_BYTES: Record<string, number> = {
  null: 0,
  boolean: 1,
  int: 1,
  long: 1,
  float: 4,
  double: 8,
  bytes: 1,
  string: 1,
  enum: 1,
  array: 1,
  map: 1,
};

/**
 * The fewest bytes a value of `type` encodes in: a lower bound (a type still being measured, in a
 * recursive schema, counts 0).
 *
 * @internal
 */
export function minEncodedBytes(type: object, seen = new Map<object, number>()): number {
  const t = type as unknown as AnyType;
  const known = seen.get(t);
  if (known !== undefined) return known;
  seen.set(t, 0);
  let bytes: number;
  const name = t.typeName;
  if (name in FIXED_BYTES) bytes = FIXED_BYTES[name]!;
  else if (name === 'fixed') bytes = t.size ?? 0;
  else if (name === 'record' || name === 'error') {
    bytes = 0;
    for (const field of t.fields ?? []) bytes += minEncodedBytes(field.type as unknown as Type, seen);
  } else if (name.startsWith('union')) {
    // The branch index is a varint, then the branch.
    let branch = Number.POSITIVE_INFINITY;
    for (const b of t.types ?? []) branch = Math.min(branch, minEncodedBytes(b as unknown as Type, seen));
    bytes = 1 + (Number.isFinite(branch) ? branch : 0);
  } else if (t.underlyingType) bytes = minEncodedBytes(t.underlyingType as unknown as Type, seen);
  else bytes = 0;
  seen.set(t, bytes);
  return bytes;
}

function admit(tap: Tap, count: number, itemBytes: number, bounds: AvroBounds, what: string): void {
  if (itemBytes > 0) {
    const left = tap.buf.length - tap.pos;
    if (count * itemBytes > left) {
      throw new Error(
        `${what} block of ${count} items cannot fit in the ${Math.max(left, 0)} bytes left (an item takes at least ${itemBytes})`,
      );
    }
  } else {
    bounds.zeroByteItemsLeft -= count;
    if (bounds.zeroByteItemsLeft < 0) {
      throw new Error(
        `${what} of items that take no bytes holds more than maxZeroByteItems (${bounds.maxZeroByteItems}) in one value`,
      );
    }
  }
}

/** avsc's ArrayType#_read, with each block admitted first. */
function readArray(self: Reading, tap: Tap, itemBytes: number, bounds: AvroBounds): unknown {
  const items = self.itemsType;
  let i = 0;
  let value: unknown[] | undefined;
  let n: number;
  // biome-ignore lint/suspicious/noAssignInExpressions: avsc's own loop shape
  while ((n = tap.readLong())) {
    if (n < 0) {
      n = -n;
      tap.skipLong(); // the block's size in bytes
    }
    admit(tap, n, itemBytes, bounds, 'array');
    value ??= new Array(n);
    while (n--) value[i++] = items._read(tap);
  }
  return value ?? [];
}

/** avsc's MapType#_read, with each block admitted first. */
function readMap(self: Reading, tap: Tap, itemBytes: number, bounds: AvroBounds): unknown {
  const values = self.valuesType;
  const value: Record<string, unknown> = {};
  let n: number;
  // biome-ignore lint/suspicious/noAssignInExpressions: avsc's own loop shape
  while ((n = tap.readLong())) {
    if (n < 0) {
      n = -n;
      tap.skipLong();
    }
    admit(tap, n, itemBytes, bounds, 'map');
    while (n--) {
      const key = tap.readString();
      value[key] = values._read(tap);
    }
  }
  return value;
}

/** avsc's skip of an array or map (a writer field the reader does not read), admitted likewise. */
function skipBlocks(self: Reading, tap: Tap, itemBytes: number, bounds: AvroBounds, map: boolean): void {
  const what = map ? 'map' : 'array';
  const inner = map ? self.valuesType : self.itemsType;
  let n: number;
  // biome-ignore lint/suspicious/noAssignInExpressions: avsc's own loop shape
  while ((n = tap.readLong())) {
    if (n < 0) {
      // A block with its size: jump over it, but never backwards (a loop) nor past the end.
      const size = tap.readLong();
      const left = tap.buf.length - tap.pos;
      if (!(size >= 0 && size <= left)) {
        throw new Error(`${what} block of ${size} bytes does not fit in the ${Math.max(left, 0)} bytes left`);
      }
      tap.pos += size;
    } else {
      admit(tap, n, itemBytes, bounds, what);
      while (n--) {
        if (map) tap.skipString();
        inner._skip(tap);
      }
    }
  }
}

/**
 * An avsc `typeHook` that makes every array and map of a schema a bounded one. avsc freezes its
 * types, so the bounded reads live on subclasses (made per codec, to share its budget), never on
 * avsc's own prototypes: other users of avsc in the process are untouched. Pass the same hook to
 * the reader schema and to every writer schema of one codec.
 *
 * @internal
 * @example
 * const reader = avsc.Type.forSchema(schema, { typeHook: boundedTypeHook(avsc, bounds) });
 */
export function boundedTypeHook(avsc: AvscModule, bounds: AvroBounds): BoundedTypeHook {
  // An item's size is measured on the first read, when recursive schemas are complete.
  const sizes = new WeakMap<object, number>();
  const itemBytes = (self: AnyType, map: boolean) => {
    let bytes = sizes.get(self);
    if (bytes === undefined) {
      const inner = (map ? self.valuesType : self.itemsType) as unknown as Type;
      bytes = (map ? 1 : 0) + minEncodedBytes(inner);
      sizes.set(self, bytes);
    }
    return bytes;
  };
  const builtins = avsc.types as unknown as {
    ArrayType: new (schema: object, opts: object) => object;
    MapType: new (schema: object, opts: object) => object;
  };
  const arrayUpdate = (builtins.ArrayType.prototype as AnyType)._update;
  const mapUpdate = (builtins.MapType.prototype as AnyType)._update;

  class BoundedArrayType extends builtins.ArrayType {
    _read(tap: Tap): unknown {
      return readArray(this as unknown as Reading, tap, itemBytes(this as unknown as AnyType, false), bounds);
    }
    _skip(tap: Tap): void {
      skipBlocks(
        this as unknown as Reading,
        tap,
        itemBytes(this as unknown as AnyType, false),
        bounds,
        false,
      );
    }
    // Reading a writer's array through a resolver: the bound is the writer's item size.
    _update(resolver: { _read: unknown }, writer: AnyType, opts: unknown): void {
      arrayUpdate.call(this as unknown as AnyType, resolver, writer, opts);
      if (writer.typeName !== 'array') return;
      const bytes = minEncodedBytes(writer.itemsType as unknown as Type);
      resolver._read = function read(this: Reading, tap: Tap) {
        return readArray(this, tap, bytes, bounds);
      };
    }
  }

  class BoundedMapType extends builtins.MapType {
    _read(tap: Tap): unknown {
      return readMap(this as unknown as Reading, tap, itemBytes(this as unknown as AnyType, true), bounds);
    }
    _skip(tap: Tap): void {
      skipBlocks(this as unknown as Reading, tap, itemBytes(this as unknown as AnyType, true), bounds, true);
    }
    _update(resolver: { _read: unknown }, writer: AnyType, opts: unknown): void {
      mapUpdate.call(this as unknown as AnyType, resolver, writer, opts);
      if (writer.typeName !== 'map') return;
      const bytes = 1 + minEncodedBytes(writer.valuesType as unknown as Type);
      resolver._read = function read(this: Reading, tap: Tap) {
        return readMap(this, tap, bytes, bounds);
      };
    }
  }

  return (schema, opts) => {
    if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return undefined;
    const type = (schema as { type?: unknown }).type;
    if (type === 'array') return new BoundedArrayType(schema, opts) as unknown as Type;
    if (type === 'map') return new BoundedMapType(schema, opts) as unknown as Type;
    return undefined;
  };
}
