// A small ONNX model editor on the protobuf wire format (build time, Node; pure TypeScript): cuts a CTC recogniser's classifier
// to the classes we keep, and stores big weights as int8. Hand-written because no npm package edits ONNX graphs in JavaScript
// (onnxruntime reads models, it does not write them; the protobuf runtimes need onnx.proto compiled first), and the edits are
// few: only the fields on the path to what changes are decoded and re-encoded (new lengths); every other byte is copied as read.
import {
  bytesField,
  encodeMessage,
  parseMessage,
  repeatedFloats,
  repeatedVarints,
  stringField,
  stringValue,
  varintField,
  varintValue,
  type Field,
} from "./protobuf-wire.ts";

/** Field numbers of onnx.proto (ModelProto, GraphProto, NodeProto, AttributeProto, TensorProto, ValueInfoProto and the types). */
const MODEL_GRAPH = 7,
  MODEL_OPSET = 8;
const OPSET_DOMAIN = 1,
  OPSET_VERSION = 2;
const GRAPH_NODE = 1,
  GRAPH_OUTPUT = 12,
  GRAPH_VALUE_INFO = 13;
const NODE_INPUT = 1,
  NODE_OUTPUT = 2,
  NODE_NAME = 3,
  NODE_OP = 4,
  NODE_ATTRIBUTE = 5,
  NODE_DOMAIN = 7;
const ATTR_NAME = 1,
  ATTR_I = 3,
  ATTR_T = 5,
  ATTR_TYPE = 20;
const ATTR_TYPE_INT = 2,
  ATTR_TYPE_TENSOR = 4;
const TENSOR_DIMS = 1,
  TENSOR_TYPE = 2,
  TENSOR_FLOATS = 4,
  TENSOR_INT32S = 5,
  TENSOR_INT64S = 7,
  TENSOR_RAW = 9,
  TENSOR_DOUBLES = 10,
  TENSOR_UINT64S = 11;
const VALUE_NAME = 1,
  VALUE_TYPE = 2,
  TYPE_TENSOR = 1,
  TENSOR_TYPE_SHAPE = 2,
  SHAPE_DIM = 1,
  DIM_VALUE = 1;
/** TensorProto.DataType. */
export const FLOAT = 1,
  INT8 = 3,
  FLOAT16 = 10;

/** A node of the graph, decoded: its fields (to re-encode) and what the editor reads. */
export interface OnnxNode {
  fields: Field[];
  /** The graph field it was read from, while it is unchanged (written back as it is). */
  read?: Field;
  name: string;
  opType: string;
  domain: string;
  inputs: string[];
  outputs: string[];
}

/** A model opened for editing: the ModelProto's fields, its graph's fields, and the graph's nodes in order. */
export interface OnnxModel {
  model: Field[];
  graph: Field[];
  nodes: OnnxNode[];
}

const strings = (fields: Field[], no: number) => fields.filter((f) => f.no === no).map(stringValue);
const one = (fields: Field[], no: number) => fields.find((f) => f.no === no);

export function decodeNode(fields: Field[], read?: Field): OnnxNode {
  const s = (no: number) => {
    const f = one(fields, no);
    return f ? stringValue(f) : "";
  };
  return {
    fields,
    read,
    name: s(NODE_NAME),
    opType: s(NODE_OP),
    domain: s(NODE_DOMAIN),
    inputs: strings(fields, NODE_INPUT),
    outputs: strings(fields, NODE_OUTPUT),
  };
}

export function openModel(bytes: Uint8Array): OnnxModel {
  // A plain Uint8Array view (a Node Buffer's subarray and slice both share memory; plain views make the copies explicit).
  const model = parseMessage(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  const g = model.filter((f) => f.no === MODEL_GRAPH);
  if (g.length !== 1) throw new Error("ONNX: the model has no graph (or more than one)");
  const graph = parseMessage(g[0].data);
  const nodes = graph.filter((f) => f.no === GRAPH_NODE).map((f) => decodeNode(parseMessage(f.data), f));
  return { model, graph, nodes };
}

/**
 * The model's bytes after an edit: the graph's node fields replaced by `m.nodes` (a node whose fields were not changed keeps
 * its bytes), the nodes written where the first one was; other graph and model fields as they were.
 */
export function saveModel(m: OnnxModel): Uint8Array {
  const nodeFields = m.nodes.map((n) => n.read ?? bytesField(GRAPH_NODE, encodeMessage(n.fields)));
  const firstNode = m.graph.findIndex((f) => f.no === GRAPH_NODE);
  const rest = m.graph.filter((f) => f.no !== GRAPH_NODE);
  const at = firstNode < 0 ? rest.length : m.graph.slice(0, firstNode).filter((f) => f.no !== GRAPH_NODE).length;
  const graph = [...rest.slice(0, at), ...nodeFields, ...rest.slice(at)];
  const model = m.model.map((f) => (f.no === MODEL_GRAPH ? bytesField(MODEL_GRAPH, encodeMessage(graph)) : f));
  return encodeMessage(model);
}

// ---- tensors ----

export interface Tensor {
  dims: number[];
  dataType: number;
  /** The values of a FLOAT tensor (raw_data or float_data). */
  floats?: Float32Array;
  /** The TensorProto's fields as read. */
  fields: Field[];
}

export function decodeTensor(fields: Field[]): Tensor {
  const dims = repeatedVarints(fields, TENSOR_DIMS);
  const t = one(fields, TENSOR_TYPE);
  const dataType = t ? varintValue(t) : 0;
  const tensor: Tensor = { dims, dataType, fields };
  if (dataType === FLOAT) {
    const raw = one(fields, TENSOR_RAW);
    if (raw) {
      const b = new Uint8Array(raw.data); // an aligned copy (a Node Buffer's slice() would be a view)
      tensor.floats = new Float32Array(b.buffer, 0, b.length / 4);
    } else tensor.floats = repeatedFloats(fields, TENSOR_FLOATS);
    const n = dims.reduce((a, b) => a * b, 1);
    if (tensor.floats.length !== n) throw new Error(`ONNX: tensor of ${n} values holds ${tensor.floats.length}`);
  }
  return tensor;
}

/**
 * A TensorProto like `base` (its name and other fields kept) with new dims, type and raw data; every data field of the base
 * (raw_data, float_data, int32_data, ...) is dropped. Fields in field-number order, as onnx writes them.
 */
export function makeTensor(base: Field[], dims: number[], dataType: number, raw: Uint8Array): Field[] {
  const data = new Set([TENSOR_DIMS, TENSOR_TYPE, TENSOR_FLOATS, TENSOR_INT32S, TENSOR_INT64S, TENSOR_RAW, TENSOR_DOUBLES, TENSOR_UINT64S]);
  const fields = [
    ...dims.map((d) => varintField(TENSOR_DIMS, d)),
    varintField(TENSOR_TYPE, dataType),
    ...base.filter((f) => !data.has(f.no)),
    bytesField(TENSOR_RAW, raw),
  ];
  return fields.sort((a, b) => a.no - b.no);
}

const floatBytes = (a: Float32Array) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

/** The tensor of a Constant node (its `value` attribute). */
export function constantTensor(node: OnnxNode): Tensor {
  if (node.opType !== "Constant") throw new Error(`ONNX: ${node.name} is a ${node.opType}, not a Constant`);
  for (const a of node.fields.filter((f) => f.no === NODE_ATTRIBUTE)) {
    const attr = parseMessage(a.data);
    const name = one(attr, ATTR_NAME);
    const t = one(attr, ATTR_T);
    if (name && stringValue(name) === "value" && t) return decodeTensor(parseMessage(t.data));
  }
  throw new Error(`ONNX: Constant ${node.name} has no tensor value`);
}

/** The Constant node with its `value` tensor replaced (other attributes and fields as they were). */
export function withConstantTensor(node: OnnxNode, tensor: Field[]): OnnxNode {
  const fields = node.fields.map((f) => {
    if (f.no !== NODE_ATTRIBUTE) return f;
    const attr = parseMessage(f.data);
    const name = one(attr, ATTR_NAME);
    if (!name || stringValue(name) !== "value" || !one(attr, ATTR_T)) return f;
    const next = attr.map((a) => (a.no === ATTR_T ? bytesField(ATTR_T, encodeMessage(tensor)) : a));
    return bytesField(NODE_ATTRIBUTE, encodeMessage(next));
  });
  return { ...node, fields, read: undefined };
}

// ---- new nodes ----

export function intAttribute(name: string, value: number): Field {
  return bytesField(
    NODE_ATTRIBUTE,
    encodeMessage([stringField(ATTR_NAME, name), varintField(ATTR_I, value), varintField(ATTR_TYPE, ATTR_TYPE_INT)]),
  );
}

function tensorAttribute(name: string, tensor: Field[]): Field {
  return bytesField(
    NODE_ATTRIBUTE,
    encodeMessage([stringField(ATTR_NAME, name), bytesField(ATTR_T, encodeMessage(tensor)), varintField(ATTR_TYPE, ATTR_TYPE_TENSOR)]),
  );
}

export function makeNode(
  opType: string,
  name: string,
  inputs: string[],
  outputs: string[],
  attributes: Field[] = [],
  domain = "",
): OnnxNode {
  const fields = [
    ...inputs.map((i) => stringField(NODE_INPUT, i)),
    ...outputs.map((o) => stringField(NODE_OUTPUT, o)),
    stringField(NODE_NAME, name),
    stringField(NODE_OP, opType),
    ...attributes,
    ...(domain ? [stringField(NODE_DOMAIN, domain)] : []),
  ];
  return decodeNode(fields);
}

/** A Constant node holding a tensor named after its output. */
export function makeConstant(output: string, dims: number[], dataType: number, raw: Uint8Array): OnnxNode {
  const tensor = makeTensor([stringField(8, output)], dims, dataType, raw);
  return makeNode("Constant", output, [], [output], [tensorAttribute("value", tensor)]);
}

// ---- the classifier's classes ----

/** Every node that reads each value, by value name. */
function consumers(m: OnnxModel): Map<string, OnnxNode[]> {
  const out = new Map<string, OnnxNode[]>();
  for (const n of m.nodes) for (const i of n.inputs) out.set(i, [...(out.get(i) ?? []), n]);
  return out;
}

function producer(m: OnnxModel, value: string): OnnxNode {
  const n = m.nodes.find((node) => node.outputs.includes(value));
  if (!n) throw new Error(`ONNX: nothing produces ${value} (an initializer? this editor reads Constant nodes only)`);
  return n;
}

/** The graph's output names (GraphProto.output). */
export function outputNames(m: OnnxModel): string[] {
  return m.graph.filter((f) => f.no === GRAPH_OUTPUT).map((f) => stringValue(one(parseMessage(f.data), VALUE_NAME)!));
}

/**
 * The classifier at the end of a recogniser: output = Softmax(MatMul(x, W) + b), W and b Constant nodes, W [D, N], b [N].
 * Throws if the graph does not end that way.
 */
export function findClassifier(m: OnnxModel) {
  const outs = outputNames(m);
  if (outs.length !== 1) throw new Error(`ONNX: expected one output, found ${outs.length}`);
  const softmax = producer(m, outs[0]);
  const add = softmax.opType === "Softmax" ? producer(m, softmax.inputs[0]) : undefined;
  if (add?.opType !== "Add") throw new Error("ONNX: the output is not Softmax(Add(...))");
  const inputs = add.inputs.map((i) => producer(m, i));
  const matmul = inputs.find((n) => n.opType === "MatMul"),
    bias = inputs.find((n) => n.opType === "Constant");
  if (!matmul || !bias) throw new Error("ONNX: the Softmax's input is not MatMul + Constant");
  const weight = producer(m, matmul.inputs[1]);
  const w = constantTensor(weight),
    b = constantTensor(bias);
  if (w.dims.length !== 2 || b.dims.length !== 1 || w.dims[1] !== b.dims[0] || !w.floats || !b.floats)
    throw new Error(`ONNX: classifier weights [${w.dims}] and bias [${b.dims}] do not fit (float, [D, N] and [N])`);
  const users = consumers(m);
  for (const c of [weight, bias])
    if ((users.get(c.outputs[0]) ?? []).length !== 1) throw new Error(`ONNX: ${c.outputs[0]} is read by more than the classifier`);
  return { softmax, add, matmul, weight, bias, w, b, classes: b.dims[0] };
}

/**
 * Keeps classes `keep` of the classifier (indices into its N outputs, in the order given): W's columns and b's entries are
 * sliced, and a declared static last dimension of N on the classifier's values (outputs, value_info) becomes K.
 */
export function keepClasses(bytes: Uint8Array, keep: number[]): Uint8Array {
  const m = openModel(bytes);
  const c = findClassifier(m);
  const [d, n] = c.w.dims;
  if (!keep.length || keep.some((k) => !Number.isInteger(k) || k < 0 || k >= n) || new Set(keep).size !== keep.length)
    throw new Error(`ONNX: classes to keep must be distinct indices below ${n}`);
  const k = keep.length;
  const w = new Float32Array(d * k),
    b = new Float32Array(k);
  for (let r = 0; r < d; r++) for (let j = 0; j < k; j++) w[r * k + j] = c.w.floats![r * n + keep[j]];
  keep.forEach((cls, j) => (b[j] = c.b.floats![cls]));
  m.nodes = m.nodes.map((node) => {
    if (node === c.weight) return withConstantTensor(node, makeTensor(c.w.fields, [d, k], FLOAT, floatBytes(w)));
    if (node === c.bias) return withConstantTensor(node, makeTensor(c.b.fields, [k], FLOAT, floatBytes(b)));
    return node;
  });
  const values = new Set([c.matmul.outputs[0], c.add.outputs[0], c.softmax.outputs[0]]);
  m.graph = m.graph.map((f) => (f.no === GRAPH_OUTPUT || f.no === GRAPH_VALUE_INFO ? withLastDim(f, values, n, k) : f));
  return saveModel(m);
}

/** A ValueInfoProto field with its tensor shape's last dimension changed from `from` to `to`, when it names one of `values`. */
function withLastDim(f: Field, values: Set<string>, from: number, to: number): Field {
  const info = parseMessage(f.data);
  const name = one(info, VALUE_NAME);
  if (!name || !values.has(stringValue(name))) return f;
  const edit = (fields: Field[], path: number[], leaf: (fs: Field[]) => Field[]): Field[] => {
    if (!path.length) return leaf(fields);
    const [no, ...rest] = path;
    return fields.map((x) => (x.no === no && x.wire === 2 ? bytesField(no, encodeMessage(edit(parseMessage(x.data), rest, leaf))) : x));
  };
  let changed = false;
  const next = edit(info, [VALUE_TYPE, TYPE_TENSOR, TENSOR_TYPE_SHAPE], (shape) => {
    const dims = shape.map((x, i) => [x, i] as const).filter(([x]) => x.no === SHAPE_DIM);
    if (!dims.length) return shape;
    const [last, at] = dims[dims.length - 1];
    const dim = parseMessage(last.data);
    const v = one(dim, DIM_VALUE);
    if (!v || varintValue(v) !== from) return shape;
    changed = true;
    const out = [...shape];
    out[at] = bytesField(SHAPE_DIM, encodeMessage(dim.map((x) => (x.no === DIM_VALUE ? varintField(DIM_VALUE, to) : x))));
    return out;
  });
  return changed ? bytesField(f.no, encodeMessage(next)) : f;
}

// ---- int8 weights ----

export interface QuantizeOptions {
  /** Weights with fewer values stay float (default 1024: biases, norms and the small depthwise kernels). */
  minValues?: number;
  /**
   * How the int8 weights become float again in the graph: "cast" = Cast(int8 -> float) x per-channel scale (ai.onnx opset 6+,
   * so any model); "dequantize" = com.microsoft DequantizeLinear with an axis (onnxruntime's contrib op: ai.onnx's own
   * DequantizeLinear needs opset 10, and opset 13 for a per-channel axis).
   */
  form?: "cast" | "dequantize" | "float16";
  /** Weights left in float. */
  keepFloat?: (name: string, dims: number[]) => boolean;
  /** Per-channel range: the channel's max |w| ("max"), or the clip in 0.5-1 x max with the least squared error ("mse"). */
  range?: "max" | "mse";
}

/**
 * Stores the big float weights read by Conv (input 1, [Cout, Cin/g, kh, kw]) and MatMul (input 1, [D, N]) as int8, symmetric,
 * one scale per output channel (Conv's axis 0, MatMul's last axis): round(w / s) with s = max |w| / 127 over the channel.
 * The Constant is replaced by an int8 Constant and the nodes that give the same float tensor back under the same name, so the
 * graph's readers are untouched and onnxruntime folds them into float weights when the session is created.
 */
export function quantizeWeights(bytes: Uint8Array, options: QuantizeOptions = {}): Uint8Array {
  const minValues = options.minValues ?? 1024,
    form = options.form ?? "cast";
  const m = openModel(bytes);
  const users = consumers(m);
  const nodes: OnnxNode[] = [];
  for (const node of m.nodes) {
    const readers = node.opType === "Constant" ? (users.get(node.outputs[0]) ?? []) : [];
    const role = readers.length
      ? readers.every((r) => r.opType === "Conv" && r.inputs[1] === node.outputs[0])
        ? "conv"
        : readers.every((r) => r.opType === "MatMul" && r.inputs[1] === node.outputs[0])
          ? "matmul"
          : null
      : null;
    const t = role ? constantTensor(node) : null;
    if (
      !role ||
      !t?.floats ||
      t.floats.length < minValues ||
      (role === "matmul" && t.dims.length !== 2) ||
      options.keepFloat?.(node.outputs[0], t.dims)
    ) {
      nodes.push(node);
      continue;
    }
    const name = node.outputs[0];
    if (form === "float16") {
      const h = new Uint16Array(t.floats.length);
      t.floats.forEach((v, i) => (h[i] = toHalf(v)));
      nodes.push(makeConstant(`${name}_fp16`, t.dims, FLOAT16, new Uint8Array(h.buffer)));
      nodes.push(makeNode("Cast", `${name}_cast`, [`${name}_fp16`], [name], [intAttribute("to", FLOAT)]));
      continue;
    }
    const axis = role === "conv" ? 0 : t.dims.length - 1;
    const { q, scales } = quantizePerChannel(t.floats, t.dims, axis, options.range);
    const channels = t.dims[axis];
    const qName = `${name}_int8`,
      sName = `${name}_scale`;
    nodes.push(makeConstant(qName, t.dims, INT8, new Uint8Array(q.buffer)));
    if (form === "cast") {
      // Per-channel scale shaped to broadcast against the weight: [C, 1, 1, 1] on axis 0, [N] on the last axis.
      const sDims = axis === 0 ? [channels, ...t.dims.slice(1).map(() => 1)] : [channels];
      nodes.push(makeConstant(sName, sDims, FLOAT, floatBytes(scales)));
      nodes.push(makeNode("Cast", `${name}_cast`, [qName], [`${name}_float`], [intAttribute("to", FLOAT)]));
      nodes.push(makeNode("Mul", `${name}_dequantize`, [`${name}_float`, sName], [name]));
    } else {
      nodes.push(makeConstant(sName, [channels], FLOAT, floatBytes(scales)));
      nodes.push(makeConstant(`${name}_zero`, [channels], INT8, new Uint8Array(channels)));
      nodes.push(
        makeNode(
          "DequantizeLinear",
          `${name}_dequantize`,
          [qName, sName, `${name}_zero`],
          [name],
          [intAttribute("axis", axis)],
          "com.microsoft",
        ),
      );
    }
  }
  m.nodes = nodes;
  if (form === "dequantize") ensureOpset(m, "com.microsoft", 1);
  return saveModel(m);
}

/** Symmetric int8 per channel along `axis`: the int8 values (same layout) and one scale per channel. */
export function quantizePerChannel(
  w: Float32Array,
  dims: number[],
  axis: number,
  range: "max" | "mse" = "max",
): { q: Int8Array; scales: Float32Array } {
  const channels = dims[axis];
  const inner = dims.slice(axis + 1).reduce((a, b) => a * b, 1);
  const channelOf = (i: number) => Math.floor(i / inner) % channels;
  const max = new Float32Array(channels);
  for (let i = 0; i < w.length; i++) max[channelOf(i)] = Math.max(max[channelOf(i)], Math.abs(w[i]));
  const scales = max.map((a) => (a > 0 ? a / 127 : 1));
  if (range === "mse") {
    const err = new Float64Array(channels);
    const best = new Float64Array(channels).fill(Infinity);
    for (let step = 0; step <= 50; step++) {
      const alpha = 1 - step * 0.01;
      err.fill(0);
      for (let i = 0; i < w.length; i++) {
        const c = channelOf(i);
        const s = (max[c] * alpha) / 127 || 1;
        const d = w[i] - s * Math.max(-127, Math.min(127, Math.round(w[i] / s)));
        err[c] += d * d;
      }
      for (let c = 0; c < channels; c++)
        if (err[c] < best[c]) {
          best[c] = err[c];
          scales[c] = (max[c] * alpha) / 127 || 1;
        }
    }
  }
  const q = new Int8Array(w.length);
  for (let i = 0; i < w.length; i++) q[i] = Math.max(-127, Math.min(127, Math.round(w[i] / scales[channelOf(i)])));
  return { q, scales };
}

/** Adds an opset import for a domain when the model has none. */
function ensureOpset(m: OnnxModel, domain: string, version: number) {
  const has = m.model.some(
    (f) => f.no === MODEL_OPSET && stringValue(one(parseMessage(f.data), OPSET_DOMAIN) ?? stringField(1, "")) === domain,
  );
  if (has) return;
  const at = m.model.map((f) => f.no).lastIndexOf(MODEL_OPSET);
  const field = bytesField(MODEL_OPSET, encodeMessage([stringField(OPSET_DOMAIN, domain), varintField(OPSET_VERSION, version)]));
  m.model.splice(at < 0 ? m.model.length : at + 1, 0, field);
}

/** float32 -> IEEE half, round to nearest even. */
function toHalf(v: number): number {
  const f = new Float32Array([v]);
  const x = new Uint32Array(f.buffer)[0];
  const sign = (x >>> 16) & 0x8000;
  const exp = ((x >>> 23) & 0xff) - 127 + 15;
  let mant = x & 0x7fffff;
  if (exp >= 31) return sign | 0x7c00;
  if (exp <= 0) {
    if (exp < -10) return sign;
    mant |= 0x800000;
    const shift = 14 - exp;
    const half = mant >> shift;
    const rem = mant & ((1 << shift) - 1);
    const mid = 1 << (shift - 1);
    return sign | (half + (rem > mid || (rem === mid && half & 1) ? 1 : 0));
  }
  const half = (exp << 10) | (mant >> 13);
  const rem = mant & 0x1fff;
  return sign | (half + (rem > 0x1000 || (rem === 0x1000 && half & 1) ? 1 : 0));
}
