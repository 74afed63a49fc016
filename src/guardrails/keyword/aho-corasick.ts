/**
 * Aho–Corasick automaton: finds every occurrence of thousands of patterns in one pass over the text,
 * in time linear in the text plus the matches. Written here because the npm implementations are
 * unmaintained or lack overlapping-match output with pattern ids; it is ~60 lines.
 */
export interface AutomatonMatch {
  /** Index of the pattern in the array given to the constructor. */
  pattern: number;
  start: number;
  end: number;
}

interface Node {
  next: Map<number, number>;
  fail: number;
  /** Patterns that end at this node, including those reached through failure links. */
  outputs: number[];
  depth: number;
}

export class AhoCorasick {
  readonly #nodes: Node[] = [{ next: new Map(), fail: 0, outputs: [], depth: 0 }];
  readonly #lengths: number[];

  constructor(patterns: readonly string[]) {
    this.#lengths = patterns.map((p) => p.length);
    patterns.forEach((pattern, index) => {
      if (pattern.length === 0) return;
      let state = 0;
      for (let i = 0; i < pattern.length; i++) {
        const code = pattern.charCodeAt(i);
        let next = this.#nodes[state]!.next.get(code);
        if (next === undefined) {
          next = this.#nodes.length;
          this.#nodes.push({ next: new Map(), fail: 0, outputs: [], depth: this.#nodes[state]!.depth + 1 });
          this.#nodes[state]!.next.set(code, next);
        }
        state = next;
      }
      this.#nodes[state]!.outputs.push(index);
    });
    this.#buildFailureLinks();
  }

  #buildFailureLinks(): void {
    const queue: number[] = [...this.#nodes[0]!.next.values()];
    for (let head = 0; head < queue.length; head++) {
      const state = queue[head]!;
      const node = this.#nodes[state]!;
      for (const [code, child] of node.next) {
        let fail = node.fail;
        while (fail !== 0 && !this.#nodes[fail]!.next.has(code)) fail = this.#nodes[fail]!.fail;
        const target = this.#nodes[fail]!.next.get(code);
        const childNode = this.#nodes[child]!;
        childNode.fail = target !== undefined && target !== child ? target : 0;
        childNode.outputs.push(...this.#nodes[childNode.fail]!.outputs);
        queue.push(child);
      }
    }
  }

  *matches(text: string): Generator<AutomatonMatch> {
    let state = 0;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      while (state !== 0 && !this.#nodes[state]!.next.has(code)) state = this.#nodes[state]!.fail;
      state = this.#nodes[state]!.next.get(code) ?? 0;
      for (const pattern of this.#nodes[state]!.outputs) {
        yield { pattern, start: i + 1 - this.#lengths[pattern]!, end: i + 1 };
      }
    }
  }
}
