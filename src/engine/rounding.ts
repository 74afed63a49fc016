/** Scores as reported in responses: four decimals. */
export function roundScore(x: number): number {
  return Math.round(x * 10000) / 10000;
}

/** Milliseconds as reported in responses and events: three decimals. */
export function roundMs(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}
