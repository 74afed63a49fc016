/** A copy of `s` that shares no memory with the string it may have been sliced from (lone surrogates kept). */
export function detachedCopy(s: string): string {
  return Buffer.from(s, 'utf16le').toString('utf16le');
}
