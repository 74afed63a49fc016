import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { it } from 'node:test';
import { terminalProgress } from '../../src/cli/download-progress.ts';

it('draws a progress bar per downloaded file on a terminal', () => {
  const terminal = Object.assign(new PassThrough(), { isTTY: true, columns: 120 });
  let drawn = '';
  terminal.on('data', (chunk: Buffer) => (drawn += chunk.toString()));
  const progress = terminalProgress(terminal as unknown as NodeJS.WriteStream);
  progress.onProgress({ phase: 'metadata' });
  progress.onProgress({ phase: 'downloading', file: 'onnx/model_quantized.onnx', done: 0, total: 3 * 1024 * 1024 });
  progress.onProgress({ phase: 'downloading', file: 'onnx/model_quantized.onnx', done: 3 * 1024 * 1024, total: 3 * 1024 * 1024 });
  progress.onProgress({ phase: 'checking' });
  progress.stop();
  // Without the escape codes that move the cursor and clear the line.
  const text = drawn.replace(/\x1B\[[0-9;?]*[A-Za-z]|\x1B[78]/g, '');
  assert.match(text, /onnx\/model_quantized\.onnx \[[^\]]+\] 100% 3\.0 MB \/ 3\.0 MB/);
  assert.match(text, /Checking the model/);
});
