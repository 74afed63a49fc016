/**
 * Symmetric int8 quantisation with one scale per row: what the model files store for big tables, and
 * what the vector filter's search holds of the stored vectors.
 */
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
