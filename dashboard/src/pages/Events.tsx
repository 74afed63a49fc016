import { BarChart, LineChart } from '@mantine/charts';
import { ActionIcon, Anchor, Badge, Button, Card, Group, Select, SimpleGrid, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconDatabasePlus } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { api, proposeThreat, type CheckEventJson, type EventStats as Stats, type RuntimeLlm } from '../api.ts';
import { CorrelationSearch } from '../components/CorrelationSearch.tsx';
import { Notice, useNotice } from '../components/Notice.tsx';
import { useRoute } from '../router.ts';
import { GUARDRAIL_MENU, guardrailTitle } from './Guardrails.tsx';

const RANGES: Record<string, { ms: number; bucket: string }> = {
  '1h': { ms: 3_600_000, bucket: 'minute' },
  '24h': { ms: 86_400_000, bucket: 'hour' },
  '7d': { ms: 7 * 86_400_000, bucket: 'day' },
};
const COLORS = ['indigo.6', 'teal.6', 'orange.6', 'grape.6', 'cyan.6', 'red.6', 'lime.7'];

/** How each verdict shows; monitored = allowed, but a guardrail in monitor mode would have blocked it. */
export const VERDICTS: Record<CheckEventJson['verdict'], { label: string; color: string }> = {
  blocked: { label: 'Blocked', color: 'red' },
  monitored: { label: 'Would have blocked', color: 'orange' },
  allowed: { label: 'Allowed', color: 'green' },
};

/** Where a check's time went: each guardrail's milliseconds, slowest first. */
function guardrailTimes(results: CheckEventJson['results']): string {
  return Object.entries(results)
    .filter((entry): entry is [string, (typeof entry)[1] & { ms: number }] => entry[1].ms !== undefined)
    .sort((a, b) => b[1].ms - a[1].ms)
    .map(([g, r]) => `${guardrailTitle(g)} ${r.ms.toFixed(2)} ms`)
    .join(' · ');
}

function label(time: string, bucket: string): string {
  const d = new Date(time);
  return bucket === 'day' ? d.toLocaleDateString() : d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

/** About eight evenly spaced labels on a time axis, whatever the number of buckets. */
const TICKS = 8;

/** The check event log with filters, and checks/blocks over time per guardrail. */
export function EventsPage() {
  const [events, setEvents] = useState<CheckEventJson[]>([]);
  const [llms, setLlms] = useState<RuntimeLlm[]>([]);
  const [stats, setStats] = useState<Stats | null>(null);
  const [filter, setFilter] = useState({ verdict: '', direction: '', guardrail: '', runtime_llm: '', correlation_id: '', range: '24h' });
  const { notice, run, clear } = useNotice();
  const set = (k: keyof typeof filter) => (v: string | null) => setFilter((f) => ({ ...f, [k]: v ?? '' }));
  // #/events?event=evt_… (a link from a replay report) shows that one event.
  const linkedEvent = useRoute().query.get('event');

  const load = useCallback(async () => {
    const range = RANGES[filter.range]!;
    const since = new Date(Date.now() - range.ms).toISOString();
    const query = new URLSearchParams(linkedEvent ? { id: linkedEvent } : { limit: '200', since });
    for (const k of ['verdict', 'direction', 'guardrail', 'runtime_llm', 'correlation_id'] as const) if (filter[k]) query.set(k, filter[k]);
    const statsQuery = new URLSearchParams({ since, bucket: range.bucket });
    if (filter.runtime_llm) statsQuery.set('runtime_llm', filter.runtime_llm);
    const [e, s, l] = await Promise.all([
      api<{ events: CheckEventJson[] }>(`/api/events?${query}`),
      api<Stats>(`/api/events/stats?${statsQuery}`),
      api<{ runtime_llms: RuntimeLlm[] }>('/api/runtime-llms'),
    ]);
    setEvents(e.events);
    setStats(s);
    setLlms(l.runtime_llms);
  }, [filter, linkedEvent]);
  useEffect(() => void load(), [load]);

  const bucket = RANGES[filter.range]!.bucket;
  // One timeline feeds both charts, so they share the same axis, buckets and ticks.
  const timeline = (stats?.buckets ?? []).map((b) => ({
    time: label(b.time, bucket),
    Checks: b.checks,
    Blocked: b.blocked,
    ...Object.fromEntries(GUARDRAIL_MENU.map((g) => [g.title, b.blocked_by[g.name] ?? 0])),
  }));
  const xAxisProps = { interval: Math.max(0, Math.ceil(timeline.length / TICKS) - 1) };
  const llmName = (id: string) => llms.find((l) => l.id === id)?.name ?? id;
  // A blocked attack, or one that got through: its recorded text (PII masked) becomes a proposal.
  const propose = (event: CheckEventJson) =>
    run(
      () => proposeThreat({ event_id: event.id }),
      (entry) => (
        <>
          Proposed {entry.id} for the vector store; review it under <Anchor href="#/guardrails/vector">Guardrails → Vector Guardrail</Anchor>.
        </>
      ),
    );

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Events</Title>
        <Button variant="default" onClick={() => void load()}>
          Refresh
        </Button>
      </Group>
      <Group>
        <Select
          label="Time range"
          data={[
            { value: '1h', label: 'Last hour' },
            { value: '24h', label: 'Last 24 hours' },
            { value: '7d', label: 'Last 7 days' },
          ]}
          value={filter.range}
          onChange={set('range')}
          allowDeselect={false}
          w={160}
        />
        <Select
          label="Verdict"
          data={[{ value: '', label: 'All' }, ...Object.entries(VERDICTS).map(([value, v]) => ({ value, label: v.label }))]}
          value={filter.verdict}
          onChange={set('verdict')}
          w={190}
        />
        <Select
          label="Direction"
          data={[
            { value: '', label: 'Both' },
            { value: 'input', label: 'Input' },
            { value: 'output', label: 'Output' },
          ]}
          value={filter.direction}
          onChange={set('direction')}
          w={130}
        />
        <Select
          label="Guardrail fired"
          data={[{ value: '', label: 'Any' }, ...GUARDRAIL_MENU.map((g) => ({ value: g.name, label: g.title }))]}
          value={filter.guardrail}
          onChange={set('guardrail')}
          w={220}
        />
        <Select
          label="Runtime LLM"
          data={[{ value: '', label: 'All' }, ...llms.map((l) => ({ value: l.id, label: l.name }))]}
          value={filter.runtime_llm}
          onChange={set('runtime_llm')}
          w={200}
        />
        <CorrelationSearch value={filter.correlation_id} onChange={set('correlation_id')} />
      </Group>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Card withBorder>
          <Text fw={600} mb="sm">
            Checks and blocks
          </Text>
          <BarChart
            h={240}
            data={timeline}
            dataKey="time"
            xAxisProps={xAxisProps}
            withLegend
            series={[
              { name: 'Checks', color: 'indigo.6' },
              { name: 'Blocked', color: 'red.6' },
            ]}
          />
        </Card>
        <Card withBorder>
          <Text fw={600} mb="sm">
            Blocks per guardrail
          </Text>
          <LineChart
            h={240}
            data={timeline}
            dataKey="time"
            xAxisProps={xAxisProps}
            series={GUARDRAIL_MENU.map((g, i) => ({ name: g.title, color: COLORS[i]! }))}
            withLegend
            curveType="linear"
            withDots={false}
          />
        </Card>
      </SimpleGrid>
      <Notice notice={notice} onClose={clear} />
      {linkedEvent && (
        <Text size="sm">
          Showing event {linkedEvent} only. <Anchor href="#/events">Show all events</Anchor>
        </Text>
      )}
      <Table striped data-testid="events-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Time</Table.Th>
            <Table.Th>Runtime LLM</Table.Th>
            <Table.Th>Direction</Table.Th>
            <Table.Th>Verdict</Table.Th>
            <Table.Th>Guardrails fired</Table.Th>
            <Table.Th>Scores</Table.Th>
            <Table.Th>ms</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((e) => (
            <Table.Tr key={e.id} data-testid={`event-${e.id}`}>
              <Table.Td>{new Date(e.time).toLocaleString()}</Table.Td>
              <Table.Td>{llmName(e.runtime_llm_id)}</Table.Td>
              <Table.Td>{e.direction}</Table.Td>
              <Table.Td>
                <Badge color={VERDICTS[e.verdict].color} styles={{ label: { overflow: 'visible' } }}>
                  {VERDICTS[e.verdict].label}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {e.blocked_by.map((g) => (
                    <Badge key={g} variant="light" color="red">
                      {guardrailTitle(g)}
                    </Badge>
                  ))}
                  {(e.monitored_by ?? []).map((g) => (
                    <Tooltip key={`monitored-${g}`} label="Monitor mode: would have blocked">
                      <Badge variant="outline" color="orange">
                        {guardrailTitle(g)}
                      </Badge>
                    </Tooltip>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="xs" ff="monospace">
                  {Object.entries(e.results)
                    .map(([g, r]) => `${guardrailTitle(g)} ${r.error ? 'error' : (r.score ?? (r.detected ? 1 : 0)).toFixed(2)}`)
                    .join(' · ')}
                </Text>
              </Table.Td>
              <Table.Td>
                <Tooltip label={guardrailTimes(e.results) || 'no per-guardrail times recorded'} multiline w={220}>
                  <Text size="sm" data-testid="event-ms">
                    {e.execution_time_ms.toFixed(2)}
                  </Text>
                </Tooltip>
              </Table.Td>
              <Table.Td>
                {/* Only recorded text can be proposed; a disabled button gets its tooltip through a wrapper. */}
                <Tooltip
                  label={
                    e.message_text
                      ? 'Propose for vector store'
                      : 'Nothing to propose: this event has no recorded text. Switch on "Record message text" in its security profile.'
                  }
                  multiline
                  w={260}
                >
                  <span data-testid="propose-wrapper">
                    <ActionIcon variant="subtle" aria-label="Propose for vector store" disabled={!e.message_text} onClick={() => void propose(e)}>
                      <IconDatabasePlus size={16} />
                    </ActionIcon>
                  </span>
                </Tooltip>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {events.length === 0 && <Text c="dimmed">No events match.</Text>}
    </Stack>
  );
}
