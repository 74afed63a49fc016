import { Alert, Badge, Button, Card, Code, Collapse, Group, SegmentedControl, Select, Stack, Switch, Table, Text, Textarea, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { api, type PlaygroundResult as Result, type RuntimeLlm, type RuntimeLlmList } from '../api.ts';
import { GuardrailRow } from '../components/GuardrailRow.tsx';
import { Highlighted } from '../components/Highlighted.tsx';
import { guardrailTitle } from './Guardrails.tsx';

/** input-check / output-check on typed text with a Runtime LLM's guardrails; triggering spans marked. */
export function PlaygroundPage() {
  const [llms, setLlms] = useState<RuntimeLlm[]>([]);
  const [llm, setLlm] = useState<string | null>(null);
  const [direction, setDirection] = useState('input');
  const [message, setMessage] = useState('');
  const [prompt, setPrompt] = useState('');
  const [checked, setChecked] = useState<{ text: string; result: Result } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [showJson, setShowJson] = useState(false);
  useEffect(() => {
    void api<RuntimeLlmList>('/api/runtime-llms').then((r) => {
      setLlms(r.runtime_llms);
      setLlm((current) => current ?? r.runtime_llms[0]?.id ?? null);
    });
  }, []);

  // A result belongs to the Runtime LLM and check it was run with: another choice, or a new run, clears it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the Runtime LLM or the direction changes.
  useEffect(() => setChecked(null), [llm, direction]);
  const run = async () => {
    setError(null);
    setChecked(null);
    try {
      const body = { runtime_llm: llm, direction, message, ...(direction === 'output' && prompt ? { prompt } : {}) };
      setChecked({ text: message, result: await api<Result>('/api/playground', { method: 'POST', body }) });
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <Stack maw={1000}>
      <Title order={2}>Playground</Title>
      {llms.length === 0 && <Alert color="gray">Create a Runtime LLM first; the playground runs its profile and protection level.</Alert>}
      <Group>
        <Select label="Runtime LLM" data={llms.map((l) => ({ value: l.id, label: l.name }))} value={llm} onChange={setLlm} allowDeselect={false} w={240} />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Check
          </Text>
          <SegmentedControl
            value={direction}
            onChange={setDirection}
            data={[
              { value: 'input', label: 'input-check' },
              { value: 'output', label: 'output-check' },
            ]}
          />
        </Stack>
      </Group>
      {direction === 'output' && <Textarea label="Prompt (optional)" value={prompt} onChange={(e) => setPrompt(e.currentTarget.value)} autosize minRows={2} />}
      <Textarea
        label={direction === 'input' ? 'User prompt' : 'LLM answer'}
        value={message}
        onChange={(e) => setMessage(e.currentTarget.value)}
        autosize
        minRows={4}
      />
      <Group>
        <Button onClick={() => void run()} disabled={!llm || message === ''}>
          Run check
        </Button>
      </Group>
      {error && <Alert color="red">{error}</Alert>}
      {checked && (
        <Card withBorder data-testid="playground-result">
          <Stack>
            <Group>
              <Badge size="lg" color={checked.result.injection_detected ? 'red' : 'green'}>
                {checked.result.injection_detected ? 'Blocked' : 'Allowed'}
              </Badge>
              {checked.result.blocked_by.map((g) => (
                <Badge key={g} variant="light" color="red">
                  {guardrailTitle(g)}
                </Badge>
              ))}
              {checked.result.monitored_by.map((g) => (
                <Badge key={`monitored-${g}`} variant="outline" color="orange">
                  would have blocked: {guardrailTitle(g)}
                </Badge>
              ))}
              <Text size="sm" c="dimmed">
                {checked.result.execution_time.toFixed(2)} ms
              </Text>
            </Group>
            <Highlighted text={checked.text} spans={checked.result.spans} />
            {checked.result.sanitized_message !== undefined && (
              <Text size="sm">
                Sanitized (every entity masked): <Code>{checked.result.sanitized_message}</Code>
              </Text>
            )}
            {checked.result.masked_message !== undefined && (
              <Text size="sm">
                Sent on (mask actions applied): <Code>{checked.result.masked_message}</Code>
              </Text>
            )}
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Guardrail</Table.Th>
                  <Table.Th>Verdict</Table.Th>
                  <Table.Th>Score vs threshold</Table.Th>
                  <Table.Th>Found</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {Object.entries(checked.result.checks).map(([name, block]) => (
                  <GuardrailRow
                    key={name}
                    name={name}
                    block={block}
                    findings={checked.result.findings[name] ?? []}
                    blocked={(checked.result.blocked_by as readonly string[]).includes(name)}
                    monitored={(checked.result.monitored_by as readonly string[]).includes(name)}
                  />
                ))}
              </Table.Tbody>
            </Table>
            <Switch label="Show the raw JSON response" checked={showJson} onChange={(e) => setShowJson(e.currentTarget.checked)} />
            <Collapse expanded={showJson}>
              <Code block data-testid="playground-json">
                {JSON.stringify(
                  {
                    injection_detected: checked.result.injection_detected,
                    execution_time: checked.result.execution_time,
                    checks: checked.result.checks,
                    blocked_by: checked.result.blocked_by,
                    monitored_by: checked.result.monitored_by,
                  },
                  null,
                  2,
                )}
              </Code>
            </Collapse>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
