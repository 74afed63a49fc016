/**
 * A wait in words for an error message: "1 second", "40 seconds", "15 minutes" (rounded up, so a
 * client that waits as long as it reads is never early). Retry-After carries the exact seconds.
 */
export function waitInWords(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
