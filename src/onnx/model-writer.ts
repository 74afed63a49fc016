/**
 * A minimal writer of ONNX `ModelProto` bytes: only the protobuf wire types and messages a small
 * hand-built graph needs (nodes, initialisers with raw data, typed inputs and outputs with symbolic
 * dimensions, int attributes). Rampart builds its few fixed graphs at run time with it, so no ONNX
 * tooling (Python, a model hub) is needed to produce them.
 */

export const FLOAT = 1;
export const UINT8 = 2;
export const INT8 = 3;
export const INT64 = 7;
const ATTRIBUTE_INT = 2;
const ATTRIBUTE_INTS = 7;
const IR_VERSION = 8;

type Field = Uint8Array;

function varint(value: number | bigint): number[] {
  let v = BigInt.asUintN(64, BigInt(value));
  const out: number[] = [];
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v > 0n) byte |= 0x80;
    out.push(byte);
  } while (v > 0n);
  return out;
}

const intField = (field: number, value: number): Field => Uint8Array.from([...varint((field << 3) | 0), ...varint(value)]);

function bytesField(field: number, payload: Uint8Array | string): Field {
  const bytes = typeof payload === 'string' ? new TextEncoder().encode(payload) : payload;
  const head = varint((field << 3) | 2).concat(varint(bytes.length));
  const out = new Uint8Array(head.length + bytes.length);
  out.set(head);
  out.set(bytes, head.length);
  return out;
}

function message(...fields: Field[]): Uint8Array {
  const out = new Uint8Array(fields.reduce((n, f) => n + f.length, 0));
  let offset = 0;
  for (const f of fields) {
    out.set(f, offset);
    offset += f.length;
  }
  return out;
}

/** An initialiser (`TensorProto`) with raw little-endian data. */
export function tensor(name: string, dims: readonly number[], dataType: number, raw: Uint8Array): Uint8Array {
  return message(...dims.map((d) => intField(1, d)), intField(2, dataType), bytesField(8, name), bytesField(9, raw));
}

/** A graph input or output (`ValueInfoProto`) whose dimensions are symbolic names or sizes. */
export function valueInfo(name: string, elemType: number, dims: readonly (string | number)[]): Uint8Array {
  const shape = message(...dims.map((d) => bytesField(1, typeof d === 'string' ? bytesField(2, d) : intField(1, d))));
  const tensorType = message(intField(1, elemType), bytesField(2, shape));
  return message(bytesField(1, name), bytesField(2, message(bytesField(1, tensorType))));
}

export const intAttribute = (name: string, value: number): Uint8Array => message(bytesField(1, name), intField(3, value), intField(20, ATTRIBUTE_INT));
export const intsAttribute = (name: string, values: readonly number[]): Uint8Array =>
  message(bytesField(1, name), ...values.map((v) => intField(8, v)), intField(20, ATTRIBUTE_INTS));

export function node(opType: string, inputs: readonly string[], outputs: readonly string[], attributes: readonly Uint8Array[] = []): Uint8Array {
  return message(
    ...inputs.map((i) => bytesField(1, i)),
    ...outputs.map((o) => bytesField(2, o)),
    bytesField(3, `${opType}_${outputs[0]}`),
    bytesField(4, opType),
    ...attributes.map((a) => bytesField(5, a)),
  );
}

export interface GraphParts {
  name: string;
  nodes: readonly Uint8Array[];
  initialisers?: readonly Uint8Array[];
  inputs: readonly Uint8Array[];
  outputs: readonly Uint8Array[];
}

/** The model's bytes, for `InferenceSession.create` or a `model.onnx` file; default ONNX opset `opset`. */
export function modelBytes(graph: GraphParts, opset: number, producer = 'rampart'): Uint8Array {
  const body = message(
    ...graph.nodes.map((n) => bytesField(1, n)),
    bytesField(2, graph.name),
    ...(graph.initialisers ?? []).map((t) => bytesField(5, t)),
    ...graph.inputs.map((i) => bytesField(11, i)),
    ...graph.outputs.map((o) => bytesField(12, o)),
  );
  return message(intField(1, IR_VERSION), bytesField(2, producer), bytesField(7, body), bytesField(8, message(bytesField(1, ''), intField(2, opset))));
}
