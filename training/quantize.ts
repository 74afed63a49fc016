import { quantizeRows } from '../src/models/int8-rows.ts';

/** The values a quantised table decodes to, so training can see exactly what inference will. */
export function roundTripRows(values: Float32Array, rows: number): Float32Array {
  const { q, scales } = quantizeRows(values, rows);
  const cols = values.length / rows;
  const out = new Float32Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = q[i]! * scales[Math.floor(i / cols)]!;
  return out;
}
