/**
 * Whether a parsed JSON value nests deeper than `limit` arrays/objects. JSON.parse accepts any depth,
 * but recursive code downstream (structured clones, merge patches, serialisation) would overflow the
 * stack on a hostile body; checked iteratively, stopping at the first level too deep.
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (depth >= limit) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
  return false;
}
