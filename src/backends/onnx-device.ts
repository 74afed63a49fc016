import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * Where ONNX classifiers run on this node: CUDA when onnxruntime-node's CUDA provider library is
 * installed next to its CPU binary, else the CPU. Read without loading onnxruntime.
 */
export function onnxDevice(): 'cuda' | 'cpu' {
  const entry = createRequire(import.meta.url).resolve('onnxruntime-node');
  return existsSync(join(dirname(entry), '..', 'bin', 'napi-v6', process.platform, process.arch, 'libonnxruntime_providers_cuda.so')) ? 'cuda' : 'cpu';
}
