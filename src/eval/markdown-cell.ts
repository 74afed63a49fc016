/**
 * Text made safe for one cell of a Markdown table: a pipe would end the cell and a line break the
 * row, and dataset categories carry both ("discord:ChatGPT | Start\nPrompt").
 */
export function markdownCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s*[\r\n]+\s*/g, ' ');
}
