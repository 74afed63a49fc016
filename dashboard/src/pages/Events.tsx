import { BarChart, LineChart } from '@mantine/charts';
import { ActionIcon, Anchor, Badge, Button, Card, Code, Group, Select, SimpleGrid, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconDatabasePlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { api, optionsOf, proposeThreat, type CheckEventJson, type EventPage, type EventStats as Stats, type RuntimeLlm, type RuntimeLlmList } from '../api.ts';
import { CorrelationSearch } from '../components/CorrelationSearch.tsx';
import { Notice, useNotice } from '../components/Notice.tsx';
import { useRoute } from '../router.ts';
import { GUARDRAIL_MENU, guardrailTitle } from './Guardrails.tsx';

const RANGES: Record<string, { ms: number; bucket: Stats['bucket']; label: string }> = {
  '1h': { ms: 3_600_000, bucket: 'minute', label: 'the last hour' },
  '24h': { ms: 86_400_000, bucket: 'hour', label: 'the last 24 hours' },
  '7d': { ms: 7 * 86_400_000, bucket: 'day', label: 'the last 7 days' },
};
const COLORS = ['indigo.6', 'teal.6', 'orange.6', 'grape.6', 'cyan.6', 'red.6', 'lime.7'];
const PAGE_SIZE = 50;

const DIRECTION_LABELS: Readonly<Record<CheckEventJson['direction'], string>> = { input: 'Input', output: 'Output' };

/** How each verdict shows; monitored = allowed, but a guardrail in monitor mode would have blocked it. */
export const VERDICTS: Record<CheckEventJson['verdict'], { label: string; color: string }> = {
  blocked: { label: 'Blocked', color: 'red' },
  monitored: { label: 'Would have blocked', color: 'orange' },
  allowed: { label: 'Allowed', color: 'green' },
};

/**
 * The Events page's filters: one object feeds the table and the charts alike (criteriaOf turns it
 * into the query both API calls share), so every filter narrows both.
 */
interface EventFilters {
  range: string;
  verdict: string;
  direction: string;
  guardrail: string;
  runtime_llm: string;
  /** A trace id, request id, or LiteLLM call or trace id. */
  correlation_id: string;
}

const NO_FILTERS: EventFilters = { range: '24h', verdict: '', direction: '', guardrail: '', runtime_llm: '', correlation_id: '' };

/** The admin API's event criteria for these filters; a linked event (`#/events?event=…`) narrows to that one. */
function criteriaOf(filters: EventFilters, linkedEvent: string | null, now: number): URLSearchParams {
  const query = new URLSearchParams({ since: new Date(now - RANGES[filters.range]!.ms).toISOString() });
  for (const k of ['verdict', 'direction', 'guardrail', 'runtime_llm', 'correlation_id'] as const) if (filters[k]) query.set(k, filters[k]);
  if (linkedEvent) query.set('id', linkedEvent);
  return query;
}

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

function FilterBar({ filters, llms, onChange }: { filters: EventFilters; llms: RuntimeLlm[]; onChange: (f: EventFilters) => void }) {
  const set = (k: keyof EventFilters) => (v: string | null) => onChange({ ...filters, [k]: v ?? '' });
  return (
    <Group>
      <Select
        label="Time range"
        data={Object.entries(RANGES).map(([value, r]) => ({ value, label: r.label.replace(/^the l/, 'L') }))}
        value={filters.range}
        onChange={set('range')}
        allowDeselect={false}
        w={160}
      />
      <Select
        label="Verdict"
        data={[{ value: '', label: 'All' }, ...Object.entries(VERDICTS).map(([value, v]) => ({ value, label: v.label }))]}
        value={filters.verdict}
        onChange={set('verdict')}
        w={190}
      />
      <Select
        label="Direction"
        data={[{ value: '', label: 'Both' }, ...optionsOf(DIRECTION_LABELS)]}
        value={filters.direction}
        onChange={set('direction')}
        w={130}
      />
      <Select
        label="Guardrail fired"
        data={[{ value: '', label: 'Any' }, ...GUARDRAIL_MENU.map((g) => ({ value: g.name, label: g.title }))]}
        value={filters.guardrail}
        onChange={set('guardrail')}
        w={220}
      />
      <Select
        label="Runtime LLM"
        data={[{ value: '', label: 'All' }, ...llms.map((l) => ({ value: l.id, label: l.name }))]}
        value={filters.runtime_llm}
        onChange={set('runtime_llm')}
        w={200}
      />
      <CorrelationSearch value={filters.correlation_id} onChange={set('correlation_id')} />
    </Group>
  );
}

/**
 * Checks, blocks and would-have-blocks over time, and blocks per guardrail, of exactly the events the
 * table lists (the same criteria). Counts are whole numbers, so the count axes tick in whole numbers.
 */
function EventCharts({ stats, bucket, verdict }: { stats: Stats | null; bucket: string; verdict: string }) {
  // Would-have-blocks per guardrail when that verdict is chosen; blocks otherwise.
  const perGuardrail = verdict === 'monitored' ? 'monitored_by' : 'blocked_by';
  // One timeline feeds both charts, so they share the same axis, buckets and ticks.
  const timeline = (stats?.buckets ?? []).map((b) => ({
    time: label(b.time, bucket),
    Checks: b.checks,
    Blocked: b.blocked,
    'Would have blocked': b.monitored,
    ...Object.fromEntries(GUARDRAIL_MENU.map((g) => [g.title, b[perGuardrail][g.name] ?? 0])),
  }));
  // Room on both sides for the first and last time labels, which are centred on their buckets.
  const xAxisProps = { interval: Math.max(0, Math.ceil(timeline.length / TICKS) - 1), padding: { left: 12, right: 12 } };
  const yAxisProps = { allowDecimals: false };
  const margin = { right: 24, left: 0, top: 8, bottom: 0 };
  return (
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
          yAxisProps={yAxisProps}
          barChartProps={{ margin }}
          withLegend
          series={[
            { name: 'Checks', color: 'indigo.6' },
            { name: 'Blocked', color: 'red.6' },
            { name: 'Would have blocked', color: 'orange.5' },
          ]}
        />
      </Card>
      <Card withBorder>
        <Text fw={600} mb="sm">
          {perGuardrail === 'monitored_by' ? 'Would have blocked, per guardrail' : 'Blocks per guardrail'}
        </Text>
        <LineChart
          h={240}
          data={timeline}
          dataKey="time"
          xAxisProps={xAxisProps}
          yAxisProps={yAxisProps}
          lineChartProps={{ margin }}
          series={GUARDRAIL_MENU.map((g, i) => ({ name: g.title, color: COLORS[i]! }))}
          withLegend
          curveType="linear"
          withDots={false}
        />
      </Card>
    </SimpleGrid>
  );
}

/** An event's recorded message text, masked as it was stored, or why there is none. */
function RecordedText({ event, full }: { event: CheckEventJson; full: boolean }) {
  if (!event.message_text)
    return (
      <Text size="xs" c="dimmed" fs="italic">
        not recorded
      </Text>
    );
  return full ? (
    <Code block data-testid="recorded-text" style={{ whiteSpace: 'pre-wrap' }}>
      {event.message_text}
    </Code>
  ) : (
    <Text size="sm" lineClamp={2} title={event.message_text} maw={320} style={{ whiteSpace: 'pre-wrap' }} data-testid="event-text">
      {event.message_text}
    </Text>
  );
}

/** The single-event view (`#/events?event=…`, the target of replay links): the event with its recorded text. */
function EventDetails({ event, llmName }: { event: CheckEventJson; llmName: string }) {
  return (
    <Card withBorder data-testid="event-details">
      <Stack gap="xs">
        <Group gap="xs">
          <Text fw={600}>Event {event.id}</Text>
          <Badge color={VERDICTS[event.verdict].color}>{VERDICTS[event.verdict].label}</Badge>
        </Group>
        <Text size="sm">
          {new Date(event.time).toLocaleString()} · {event.direction} check of {llmName} · request {event.request_id} · {event.message_length} characters,
          SHA-256 {event.message_sha256.slice(0, 16)}…
        </Text>
        <Text size="sm" fw={500}>
          Recorded text {event.message_text ? '(PII masked, as stored)' : ''}
        </Text>
        {event.message_text ? (
          <RecordedText event={event} full />
        ) : (
          <Text size="sm" c="dimmed">
            Not recorded: its security profile does not record message text, so this check cannot be replayed or proposed for the vector store.
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** The check event log with filters, charts that follow them, server-side pages, and each event's recorded text. */
export function EventsPage() {
  const [filters, setFilters] = useState<EventFilters>(NO_FILTERS);
  const [llms, setLlms] = useState<RuntimeLlm[]>([]);
  const [events, setEvents] = useState<CheckEventJson[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [stats, setStats] = useState<Stats | null>(null);
  // The `before` cursor of every page up to the one shown (the first page has none).
  const [cursors, setCursors] = useState<string[]>(['']);
  // Bumped by Refresh: the period ends now again.
  const [now, setNow] = useState(() => Date.now());
  const { notice, run, fail, clear } = useNotice();
  // #/events?event=evt_… (a link from a replay report) shows that one event.
  const linkedEvent = useRoute().query.get('event');
  const before = cursors[cursors.length - 1]!;
  const criteria = criteriaOf(filters, linkedEvent, now).toString();
  const bucket = RANGES[filters.range]!.bucket;

  const show = (next: EventFilters) => {
    setFilters(next);
    setCursors(['']);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: another linked event is another view: its first page.
  useEffect(() => setCursors(['']), [linkedEvent]);
  useEffect(() => {
    void api<RuntimeLlmList>('/api/runtime-llms')
      .then((l) => setLlms(l.runtime_llms))
      .catch(fail);
  }, [fail]);
  useEffect(() => {
    const page = new URLSearchParams(criteria);
    page.set('limit', String(PAGE_SIZE));
    if (before) page.set('before', before);
    void api<EventPage>(`/api/events?${page}`)
      .then((e) => {
        setEvents(e.events);
        setHasMore(e.has_more);
      })
      .catch(fail);
  }, [criteria, before, fail]);
  useEffect(() => {
    void api<Stats>(`/api/events/stats?${criteria}&bucket=${bucket}`).then(setStats).catch(fail);
  }, [criteria, bucket, fail]);
  // A linked event older than the period: widen the period to the shortest one that holds it.
  const linked = linkedEvent ? events.find((e) => e.id === linkedEvent) : undefined;
  useEffect(() => {
    if (!linked) return;
    const age = Date.now() - Date.parse(linked.time);
    const fits = Object.entries(RANGES).find(([, r]) => r.ms > age)?.[0] ?? '7d';
    if (RANGES[fits]!.ms > RANGES[filters.range]!.ms) setFilters((f) => ({ ...f, range: fits }));
  }, [linked, filters.range]);

  const llmName = (id: string) => llms.find((l) => l.id === id)?.name ?? id;
  const total = (stats?.buckets ?? []).reduce((sum, b) => sum + b.checks, 0);
  const page = cursors.length;
  const first = (page - 1) * PAGE_SIZE + 1;
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
        <Button variant="default" onClick={() => setNow(Date.now())}>
          Refresh
        </Button>
      </Group>
      <FilterBar filters={filters} llms={llms} onChange={show} />
      <EventCharts stats={stats} bucket={bucket} verdict={filters.verdict} />
      <Notice notice={notice} onClose={clear} />
      {linkedEvent && (
        <Text size="sm">
          Showing event {linkedEvent} only. <Anchor href="#/events">Show all events</Anchor>
        </Text>
      )}
      {linked && <EventDetails event={linked} llmName={llmName(linked.runtime_llm_id)} />}
      <Table striped data-testid="events-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Time</Table.Th>
            <Table.Th>Runtime LLM</Table.Th>
            <Table.Th>Direction</Table.Th>
            <Table.Th>Verdict</Table.Th>
            <Table.Th>Guardrails fired</Table.Th>
            <Table.Th>Recorded text</Table.Th>
            <Table.Th>Scores</Table.Th>
            <Table.Th>ms</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((e) => (
            <Table.Tr key={e.id} data-testid={`event-${e.id}`}>
              <Table.Td>
                <Anchor href={`#/events?event=${e.id}`} size="sm" c="inherit">
                  {new Date(e.time).toLocaleString()}
                </Anchor>
              </Table.Td>
              <Table.Td>{llmName(e.runtime_llm_id)}</Table.Td>
              <Table.Td>{e.direction}</Table.Td>
              <Table.Td>
                <Badge color={VERDICTS[e.verdict].color}>{VERDICTS[e.verdict].label}</Badge>
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
                <RecordedText event={e} full={false} />
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
                      ? 'Propose for vector store: the recorded text shown in this row, PII masked'
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
      {events.length === 0 && <Text c="dimmed">No events match{page > 1 ? ' on this page' : ''}.</Text>}
      <Group justify="space-between">
        <Text size="sm" c="dimmed" data-testid="events-paging">
          {events.length > 0 ? `Events ${first}–${first + events.length - 1}` : `Page ${page}`}
          {linkedEvent ? '' : ` of ${total} in ${RANGES[filters.range]!.label}`}
          {hasMore ? '; more on the next page' : ''}
        </Text>
        <Group gap="xs">
          <Button variant="default" size="xs" disabled={page === 1} onClick={() => setCursors(cursors.slice(0, -1))}>
            Previous
          </Button>
          <Button variant="default" size="xs" disabled={!hasMore} onClick={() => setCursors([...cursors, events[events.length - 1]!.id])}>
            Next
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
