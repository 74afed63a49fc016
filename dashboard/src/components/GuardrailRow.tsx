import { Badge, Group, Table, Text } from '@mantine/core';
import { guardrailTitle } from '../pages/Guardrails.tsx';

type Block = Record<string, unknown>;

const REASONS: Record<string, string> = {
  switched_off: 'Off in this profile or protection level',
  not_applicable: 'Does not inspect this direction',
  not_available: 'Not installed in this build',
};

const num = (value: unknown) => (typeof value === 'number' ? value.toFixed(2) : undefined);
const list = (value: unknown) => (Array.isArray(value) ? (value as Block[]) : []);

/** What a block found, in words: matched rules, vector neighbours, PII entities, moderation categories. */
function findings(name: string, block: Block): string[] {
  if (name === 'keyword') return list(block.matches).map((m) => `keyword "${String(m.keyword)}"`);
  if (name === 'regex') return list(block.matches).map((m) => `rule "${String(m.name)}"`);
  if (name === 'vector') return list(block.matches).map((m) => `${String(m.family)} (similarity ${num(m.similarity)})`);
  if (name === 'pii') return list(block.entities).map((e) => `${String(e.type)} ${String(e.text)}`);
  if (name === 'content_moderation') {
    const categories = list(block.categories).filter((c) => typeof c.score === 'number' && c.score >= 0.01);
    return categories.map((c) => `${String(c.name)} ${num(c.score)}`);
  }
  if (name === 'system_prompt' && block.canary_leaked === true) return ['canary token leaked'];
  return [];
}

/**
 * One guardrail's block of a check response as a readable row: verdict, score against threshold, findings.
 * `monitored`: the guardrail is in monitor mode and would have blocked.
 */
export function GuardrailRow({ name, block, blocked, monitored }: { name: string; block: Block; blocked: boolean; monitored: boolean }) {
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
  const found = findings(name, block);
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
          {found.map((f, i) => (
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
