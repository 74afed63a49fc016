import { FLOAT, INT64, INT8, intAttribute, intsAttribute, modelBytes, node, tensor, valueInfo } from '../../src/onnx/model-writer.ts';

/**
 * A BERT-style transformer text classifier of a given shape, written as ONNX with random weights:
 * word embeddings, `layers` encoder layers (multi-head self-attention with the padding mask, a
 * feed-forward block of 4 × width with GELU, residuals and layer norms), and a two-label head on the
 * first token — inputs `input_ids` and `attention_mask`, output `logits`, as a Hugging Face export
 * has them. Timing does not depend on weight values, so the weights are random (small, so no
 * denormals or overflow slow anything down).
 *
 * `int8` quantises the weight matrices the way onnxruntime's dynamic quantisation does
 * (DynamicQuantizeLinear on the activations, MatMulInteger with int8 weights, a float rescale), which
 * onnxruntime fuses into its integer matmul kernels; embeddings, norms and the attention products
 * stay float, as they do in a dynamically quantised export.
 */
export interface EncoderShape {
  layers: number;
  width: number;
  /** Width of one attention head (64 in BERT, MiniLM and DeBERTa). */
  headWidth?: number;
  vocabulary?: number;
  int8: boolean;
}

const OPSET = 17;

/** A small deterministic generator: weights differ between tensors, not between runs. */
function randomFloats(count: number, seed: number, scale: number): Float32Array {
  const out = new Float32Array(count);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < count; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = ((x >>> 0) / 4294967296 - 0.5) * 2 * scale;
  }
  return out;
}

function randomInt8(count: number, seed: number): Int8Array {
  const floats = randomFloats(count, seed, 127);
  return Int8Array.from(floats, (f) => Math.round(f));
}

const bytesOf = (array: Float32Array | Int8Array | BigInt64Array) => new Uint8Array(array.buffer, array.byteOffset, array.byteLength);

export function encoderModelBytes(shape: EncoderShape): Uint8Array {
  const { layers, width, int8 } = shape;
  const headWidth = shape.headWidth ?? 64;
  const heads = width / headWidth;
  const vocabulary = shape.vocabulary ?? 30_522;
  const hidden = 4 * width;
  const nodes: Uint8Array[] = [];
  const initialisers: Uint8Array[] = [];
  let seed = 1;
  const floatTensor = (name: string, dims: number[], scale = 0.05) => {
    initialisers.push(
      tensor(
        name,
        dims,
        FLOAT,
        bytesOf(
          randomFloats(
            dims.reduce((a, b) => a * b, 1),
            seed++,
            scale,
          ),
        ),
      ),
    );
    return name;
  };
  const constant = (name: string, values: number[]) => {
    initialisers.push(tensor(name, values.length === 1 ? [] : [values.length], FLOAT, bytesOf(Float32Array.from(values))));
    return name;
  };
  const int64s = (name: string, values: number[]) => {
    initialisers.push(tensor(name, [values.length], INT64, bytesOf(BigInt64Array.from(values.map(BigInt)))));
    return name;
  };
  let counter = 0;
  const out = (hint: string) => `${hint}_${counter++}`;

  /** x · W + b for a weight matrix [inputs, outputs]: float, or dynamically quantised to int8. */
  const dense = (x: string, inputs: number, outputs: number, name: string) => {
    const bias = floatTensor(`${name}_b`, [outputs], 0.01);
    let product: string;
    if (!int8) {
      product = out('matmul');
      nodes.push(node('MatMul', [x, floatTensor(`${name}_w`, [inputs, outputs])], [product]));
    } else {
      initialisers.push(tensor(`${name}_w`, [inputs, outputs], INT8, bytesOf(randomInt8(inputs * outputs, seed++))));
      initialisers.push(tensor(`${name}_wz`, [], INT8, bytesOf(Int8Array.of(0))));
      const weightScale = constant(`${name}_ws`, [0.05 / 127]);
      const [q, s, z, integer, asFloat, scale] = ['q', 's', 'z', 'int', 'float', 'scale'].map(out);
      nodes.push(
        node('DynamicQuantizeLinear', [x], [q!, s!, z!]),
        node('MatMulInteger', [q!, `${name}_w`, z!, `${name}_wz`], [integer!]),
        node('Cast', [integer!], [asFloat!], [intAttribute('to', FLOAT)]),
        node('Mul', [s!, weightScale], [scale!]),
      );
      product = out('scaled');
      nodes.push(node('Mul', [asFloat!, scale!], [product]));
    }
    const result = out('dense');
    nodes.push(node('Add', [product, bias], [result]));
    return result;
  };
  const layerNorm = (x: string, name: string) => {
    const result = out('norm');
    nodes.push(
      node(
        'LayerNormalization',
        [x, constant(`${name}_gamma`, Array(width).fill(1)), constant(`${name}_beta`, Array(width).fill(0))],
        [result],
        [intAttribute('axis', -1)],
      ),
    );
    return result;
  };
  const binary = (op: string, a: string, b: string) => {
    const result = out(op.toLowerCase());
    nodes.push(node(op, [a, b], [result]));
    return result;
  };
  const unary = (op: string, x: string, attributes: Uint8Array[] = []) => {
    const result = out(op.toLowerCase());
    nodes.push(node(op, [x], [result], attributes));
    return result;
  };

  // Embeddings and the additive mask [batch, 1, 1, sequence]: 0 where a token is, -10000 on padding.
  const embedded = out('embedded');
  nodes.push(node('Gather', [floatTensor('word_embeddings', [vocabulary, width]), 'input_ids'], [embedded], [intAttribute('axis', 0)]));
  let x = layerNorm(embedded, 'embeddings');
  const maskFloat = unary('Cast', 'attention_mask', [intAttribute('to', FLOAT)]);
  const maskOff = binary('Sub', maskFloat, constant('one', [1]));
  const maskBias = out('mask_bias');
  nodes.push(node('Unsqueeze', [binary('Mul', maskOff, constant('ten_thousand', [10_000])), int64s('mask_axes', [1, 2])], [maskBias]));
  const headsShape = int64s('heads_shape', [0, 0, heads, headWidth]);
  const mergedShape = int64s('merged_shape', [0, 0, width]);
  const scale = constant('attention_scale', [1 / Math.sqrt(headWidth)]);

  for (let l = 0; l < layers; l++) {
    const split = (y: string, perm: number[]) => unary('Transpose', binary('Reshape', y, headsShape), [intsAttribute('perm', perm)]);
    const q = split(dense(x, width, width, `l${l}_q`), [0, 2, 1, 3]);
    const k = split(dense(x, width, width, `l${l}_k`), [0, 2, 3, 1]);
    const v = split(dense(x, width, width, `l${l}_v`), [0, 2, 1, 3]);
    const scores = binary('Add', binary('Mul', binary('MatMul', q, k), scale), maskBias);
    const probabilities = unary('Softmax', scores, [intAttribute('axis', -1)]);
    const context = binary('Reshape', unary('Transpose', binary('MatMul', probabilities, v), [intsAttribute('perm', [0, 2, 1, 3])]), mergedShape);
    const attended = layerNorm(binary('Add', dense(context, width, width, `l${l}_o`), x), `l${l}_attention`);
    // GELU as exported: x · 0.5 · (1 + erf(x / √2)), which onnxruntime fuses.
    const up = dense(attended, width, hidden, `l${l}_up`);
    const erf = unary('Erf', binary('Div', up, constant(`l${l}_sqrt2`, [Math.SQRT2])));
    const gelu = binary('Mul', binary('Mul', up, binary('Add', erf, constant(`l${l}_one`, [1]))), constant(`l${l}_half`, [0.5]));
    x = layerNorm(binary('Add', dense(gelu, hidden, width, `l${l}_down`), attended), `l${l}_output`);
  }

  const first = out('first_token');
  nodes.push(node('Gather', [x, int64s('first', [0])], [first], [intAttribute('axis', 1)]));
  const pooled = binary('Reshape', first, int64s('pooled_shape', [0, width]));
  const logits = binary('MatMul', pooled, floatTensor('classifier_w', [width, 2]));
  nodes.push(node('Add', [logits, floatTensor('classifier_b', [2], 0.01)], ['logits']));
  return modelBytes(
    {
      name: `encoder-${layers}x${width}${int8 ? '-int8' : ''}`,
      nodes,
      initialisers,
      inputs: [valueInfo('input_ids', INT64, ['batch', 'sequence']), valueInfo('attention_mask', INT64, ['batch', 'sequence'])],
      outputs: [valueInfo('logits', FLOAT, ['batch', 2])],
    },
    OPSET,
    'rampart-bench',
  );
}
