import { Badge, Group, Table, Text } from '@mantine/core';
import { guardrailTitle } from '../pages/Guardrails.tsx';

type Block = Record<string, unknown>;

const REASONS: Record<string, string> = {
  switched_off: 'Off in this profile or protection level',
  not_applicable: 'Does not inspect this direction',
  not_available: 'Not installed in this build',
};

const num = (value: unknown) => (typeof value === 'number' ? value.toFixed(2) : undefined);

/**
 * One guardrail's block of a check response as a readable row: verdict, score against threshold, and
 * `findings`, what the guardrail found in words (the playground's `findings`, each guardrail's own
 * summary). `monitored`: the guardrail is in monitor mode and would have blocked.
 */
export function GuardrailRow({
  name,
  block,
  findings,
  blocked,
  monitored,
}: {
  name: string;
  block: Block;
  findings: readonly string[];
  blocked: boolean;
  monitored: boolean;
}) {
  const error = block.error as { message?: string } | undefined;
  const verdict = error ? (
    <Badge color="orange">Error</Badge>
  ) : block.enabled === false ? (
    <Badge color="gray" variant="light">
      Off
    </Badge>
  ) : blocked ? (
    <Badge color="red">Blocked</Badge>
  ) : monitored ? (
    <Badge color="orange" variant="outline">
      Would have blocked
    </Badge>
  ) : (
    <Badge color="green" variant="light">
      Passed
    </Badge>
  );
  const score = num(block.score);
  const threshold = num(block.threshold);
  return (
    <Table.Tr data-testid={`guardrail-row-${name}`}>
      <Table.Td fw={600}>{guardrailTitle(name)}</Table.Td>
      <Table.Td>{verdict}</Table.Td>
      <Table.Td>
        {score !== undefined && (
          <Text size="sm" ff="monospace">
            {threshold !== undefined ? `${score} ${Number(score) >= Number(threshold) ? '≥' : '<'} ${threshold}` : score}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          {error && <Text size="sm">{error.message}</Text>}
          {block.enabled === false && (
            <Text size="sm" c="dimmed">
              {REASONS[String(block.reason)] ?? String(block.reason)}
            </Text>
          )}
          {/* Findings may repeat (two neighbours of one family at the same similarity): keyed by position, so none outlives its run. */}
          {findings.map((f, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the findings of one block are a fixed list, replaced whole by the next run.
            <Badge key={i} variant="outline" color="gray" tt="none">
              {f}
            </Badge>
          ))}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
