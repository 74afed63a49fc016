/**
 * A fixed reference workload (sorting 2,000 numbers). Timed next to a measurement, it slows down
 * with the machine as the measured code does, so measured/reference ratios compare runs on a
 * shared machine.
 */
const reference = Float64Array.from({ length: 2000 }, (_, i) => Math.sin(i * 12.9898) * 43758.5453);

export function referenceWork(): number {
  return reference.slice().sort()[1000]!;
}
