/**
 * Server-sent events, as far as OpenAI-compatible streams use them: `data:` lines, events separated
 * by a blank line. Written here because the format is a few lines and parsers on npm bring their own
 * stream abstractions.
 */
export class SseParser {
  #buffer = '';

  /** Feeds decoded text; returns the data payloads of the events it completed. */
  push(text: string): string[] {
    this.#buffer += text;
    const events: string[] = [];
    for (;;) {
      const match = /\r?\n\r?\n/.exec(this.#buffer);
      if (!match) break;
      const block = this.#buffer.slice(0, match.index);
      this.#buffer = this.#buffer.slice(match.index + match[0].length);
      const data = block
        .split(/\r?\n/)
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(line.startsWith('data: ') ? 6 : 5));
      if (data.length > 0) events.push(data.join('\n'));
    }
    return events;
  }

  /** Whatever remains when the stream ends without a final blank line. */
  flush(): string[] {
    const rest = this.#buffer;
    this.#buffer = '';
    return rest.trim() ? this.push(`${rest}\n\n`) : [];
  }
}

export function sseEvent(data: unknown): string {
  return `data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;
}
