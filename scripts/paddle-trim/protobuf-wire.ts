// Protocol Buffers wire format, read and written by hand for the ONNX model editor (build time, Node; pure TypeScript).
// Only what editing a model needs: a message as its list of fields, each kept with its original bytes so that an untouched
// field is written back byte for byte, and a changed one re-encoded with its new length (its parents re-encoded in turn).

/** Wire types: 0 varint, 1 fixed 64 bits, 2 length-delimited (bytes, strings, messages, packed arrays), 5 fixed 32 bits. */
export type WireType = 0 | 1 | 2 | 5;

export interface Field {
  no: number;
  wire: WireType;
  /** The value's bytes: a varint's own bytes, the 8 or 4 fixed bytes, or a length-delimited field's payload. */
  data: Uint8Array;
  /** The whole field as read (tag, length and value), written back as it is; absent on a field made or changed here. */
  raw?: Uint8Array;
}

/** Reads the varint at pos: its value and the position after it. */
export function readVarint(buf: Uint8Array, pos: number): [bigint, number] {
  let value = 0n,
    shift = 0n;
  for (;;) {
    if (pos >= buf.length) throw new Error("protobuf: truncated varint");
    const b = buf[pos++];
    value |= BigInt(b & 0x7f) << shift;
    if (!(b & 0x80)) return [value, pos];
    shift += 7n;
    if (shift > 63n) throw new Error("protobuf: varint longer than 10 bytes");
  }
}

/** A varint's bytes (negative numbers as protobuf writes an int64: their 64-bit two's complement, 10 bytes). */
export function encodeVarint(value: number | bigint): Uint8Array {
  let v = BigInt.asUintN(64, BigInt(value));
  const out: number[] = [];
  do {
    const b = Number(v & 0x7fn);
    v >>= 7n;
    out.push(v ? b | 0x80 : b);
  } while (v);
  return Uint8Array.from(out);
}

/** The fields of one message, in the order they are written. */
export function parseMessage(buf: Uint8Array): Field[] {
  const fields: Field[] = [];
  let pos = 0;
  while (pos < buf.length) {
    const start = pos;
    const [tag, afterTag] = readVarint(buf, pos);
    const no = Number(tag >> 3n),
      wire = Number(tag & 7n);
    let dataStart = afterTag,
      end: number;
    if (wire === 0) end = readVarint(buf, afterTag)[1];
    else if (wire === 1) end = afterTag + 8;
    else if (wire === 5) end = afterTag + 4;
    else if (wire === 2) {
      const [len, afterLen] = readVarint(buf, afterTag);
      dataStart = afterLen;
      end = afterLen + Number(len);
    } else throw new Error(`protobuf: wire type ${wire} (groups) not supported, field ${no} at byte ${start}`);
    if (end > buf.length || no < 1) throw new Error(`protobuf: field ${no} at byte ${start} runs past the message`);
    fields.push({ no, wire: wire as WireType, data: buf.subarray(dataStart, end), raw: buf.subarray(start, end) });
    pos = end;
  }
  return fields;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** One field's bytes: its original bytes when it has them, else tag, length (for wire type 2) and value. */
export function encodeField(f: Field): Uint8Array {
  if (f.raw) return f.raw;
  const tag = encodeVarint((f.no << 3) | f.wire);
  return concat(f.wire === 2 ? [tag, encodeVarint(f.data.length), f.data] : [tag, f.data]);
}

/** A message's bytes from its fields. */
export function encodeMessage(fields: Field[]): Uint8Array {
  return concat(fields.map(encodeField));
}

/** A new varint field. */
export const varintField = (no: number, value: number | bigint): Field => ({ no, wire: 0, data: encodeVarint(value) });
/** A new length-delimited field (bytes, or an encoded message). */
export const bytesField = (no: number, data: Uint8Array): Field => ({ no, wire: 2, data });
/** A new string field (UTF-8). */
export const stringField = (no: number, s: string): Field => bytesField(no, new TextEncoder().encode(s));

/** A varint field's value as a number (int64 values beyond 2^53 are not expected in what this editor reads). */
export function varintValue(f: Field): number {
  if (f.wire !== 0) throw new Error(`protobuf: field ${f.no} is not a varint`);
  return Number(BigInt.asIntN(64, readVarint(f.data, 0)[0]));
}

/** A string field's text. */
export function stringValue(f: Field): string {
  if (f.wire !== 2) throw new Error(`protobuf: field ${f.no} is not length-delimited`);
  return new TextDecoder().decode(f.data);
}

/** The values of a repeated integer field, written one per field or packed (proto2 writes `repeated int64` unpacked). */
export function repeatedVarints(fields: Field[], no: number): number[] {
  const out: number[] = [];
  for (const f of fields) {
    if (f.no !== no) continue;
    if (f.wire === 0) out.push(varintValue(f));
    else if (f.wire === 2)
      for (let pos = 0; pos < f.data.length;) {
        const [v, next] = readVarint(f.data, pos);
        out.push(Number(BigInt.asIntN(64, v)));
        pos = next;
      }
    else throw new Error(`protobuf: field ${no} is not an integer`);
  }
  return out;
}

/** The values of a repeated float field (packed, or one fixed32 per field). */
export function repeatedFloats(fields: Field[], no: number): Float32Array {
  const parts: Uint8Array[] = [];
  for (const f of fields) {
    if (f.no !== no) continue;
    if (f.wire !== 2 && f.wire !== 5) throw new Error(`protobuf: field ${no} is not a float`);
    parts.push(f.data);
  }
  const bytes = concat(parts);
  return new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4).slice();
}
