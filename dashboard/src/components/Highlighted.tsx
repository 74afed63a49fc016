import { Mark, Text } from '@mantine/core';

export interface Span {
  start: number;
  end: number;
  label?: string;
}

/** The text with the ranges that triggered a guardrail marked (overlapping ranges merge). */
export function Highlighted({ text, spans }: { text: string; spans: Span[] }) {
  const merged: Span[] = [];
  for (const s of [...spans].sort((a, b) => a.start - b.start)) {
    const last = merged[merged.length - 1];
    if (last && s.start <= last.end) {
      last.end = Math.max(last.end, s.end);
      last.label = [last.label, s.label].filter(Boolean).join(', ');
    } else merged.push({ ...s });
  }
  const parts: React.ReactNode[] = [];
  let cursor = 0;
  for (const s of merged) {
    if (s.start > cursor) parts.push(text.slice(cursor, s.start));
    parts.push(
      // Merged ranges never overlap, so a start identifies one.
      <Mark key={s.start} color="red" title={s.label} data-testid="highlight">
        {text.slice(s.start, s.end)}
      </Mark>,
    );
    cursor = s.end;
  }
  parts.push(text.slice(cursor));
  return (
    <Text style={{ whiteSpace: 'pre-wrap', fontFamily: 'monospace' }} size="sm">
      {parts}
    </Text>
  );
}
