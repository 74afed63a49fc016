/** Symmetric int8 quantisation with one scale per row (what the weights file stores for big tables). */
export function quantizeRows(values: Float32Array, rows: number): { q: Int8Array; scales: Float32Array } {
  const cols = values.length / rows;
  const q = new Int8Array(values.length);
  const scales = new Float32Array(rows);
  for (let r = 0; r < rows; r++) {
    let max = 0;
    for (let c = 0; c < cols; c++) max = Math.max(max, Math.abs(values[r * cols + c]!));
    const s = max > 0 ? max / 127 : 1;
    scales[r] = s;
    for (let c = 0; c < cols; c++) q[r * cols + c] = Math.round(values[r * cols + c]! / s);
  }
  return { q, scales };
}

/** The values a quantised table decodes to, so training can see exactly what inference will. */
export function roundTripRows(values: Float32Array, rows: number): Float32Array {
  const { q, scales } = quantizeRows(values, rows);
  const cols = values.length / rows;
  const out = new Float32Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = q[i]! * scales[Math.floor(i / cols)]!;
  return out;
}
