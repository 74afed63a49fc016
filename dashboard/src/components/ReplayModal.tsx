import { Alert, Anchor, Badge, Button, Group, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { api, type CheckEventJson, type Profile, type ReplayReport, type RuntimeLlm } from '../api.ts';
import { VERDICTS } from '../pages/Events.tsx';

type Verdict = CheckEventJson['verdict'];

const PERIODS = [
  { value: '1h', label: 'Last hour' },
  { value: '24h', label: 'Last 24 hours' },
  { value: '7d', label: 'Last 7 days' },
];

const counts = (v: Record<Verdict, number>) => `${v.blocked} blocked · ${v.monitored} would have blocked · ${v.allowed} allowed`;

/** One event of a replay report: a link to it (closing the modal), its time and direction, then what the report says of it. */
function ReplayedEvent({
  event,
  onClose,
  testId,
  children,
}: {
  event: Pick<ReplayReport['changes'][number], 'event_id' | 'link' | 'time' | 'direction'>;
  onClose: () => void;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Group gap="xs" wrap="nowrap" data-testid={testId}>
      <Anchor href={event.link.replace(/^\//, '')} onClick={onClose}>
        {event.event_id}
      </Anchor>
      <Text size="sm">
        {new Date(event.time).toLocaleString()} · {event.direction}
      </Text>
      {children}
    </Group>
  );
}

/** What-if replay: a Runtime LLM's recorded checks run through this profile; nothing is stored. */
export function ReplayModal({ profile, llms, onClose }: { profile: Profile | null; llms: RuntimeLlm[]; onClose: () => void }) {
  const [runtimeLlm, setRuntimeLlm] = useState<string | null>(null);
  const [since, setSince] = useState('24h');
  const [report, setReport] = useState<ReplayReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a report belongs to the profile, Runtime LLM and period it was run for.
  useEffect(() => {
    setReport(null);
    setError(null);
  }, [profile?.id, runtimeLlm, since]);

  const replay = async () => {
    if (!profile || !runtimeLlm) return;
    setRunning(true);
    try {
      setReport(await api<ReplayReport>(`/api/profiles/${profile.id}/replay`, { method: 'POST', body: { runtime_llm: runtimeLlm, since } }));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setRunning(false);
    }
  };

  return (
    <Modal opened={profile !== null} onClose={onClose} title={`What-if replay through ${profile?.name ?? ''}`} size="xl">
      <Stack>
        <Text size="sm" c="dimmed">
          Runs the checks a Runtime LLM recorded with message text through this profile (at the Runtime LLM&apos;s level and monitor mode) and shows which would
          change verdict. Nothing is stored.
        </Text>
        <Group align="flex-end">
          <Select label="Runtime LLM" data={llms.map((l) => ({ value: l.id, label: l.name }))} value={runtimeLlm} onChange={setRuntimeLlm} w={240} />
          <Select label="Period" data={PERIODS} value={since} onChange={(v) => setSince(v ?? '24h')} allowDeselect={false} w={180} />
          <Button onClick={() => void replay()} disabled={!runtimeLlm} loading={running}>
            Replay
          </Button>
        </Group>
        {error && <Alert color="red">{error}</Alert>}
        {report && (
          <Stack gap="xs" data-testid="replay-report">
            <Text fw={600}>
              {report.changed} of {report.checks_compared} checks would change verdict
            </Text>
            {report.notes.map((note) => (
              <Alert key={note} color={note.startsWith('Not replayable') ? 'yellow' : 'blue'} p="xs" data-testid="replay-note">
                <Text size="sm">{note}</Text>
              </Alert>
            ))}
            <Text size="sm">Recorded: {counts(report.verdicts.recorded)}</Text>
            <Text size="sm">With this profile: {counts(report.verdicts.candidate)}</Text>
            {report.truncated && <Text size="sm">Only the most recent checks of the period were replayed.</Text>}
            {report.checks_without_text > 0 && <Text size="sm">{report.checks_without_text} checks without recorded text were skipped.</Text>}
            {Object.keys(report.changed_by_guardrail).length > 0 && (
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Guardrail</Table.Th>
                    <Table.Th>Newly detected</Table.Th>
                    <Table.Th>No longer detected</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {Object.entries(report.changed_by_guardrail).map(([name, c]) => (
                    <Table.Tr key={name}>
                      <Table.Td>{name}</Table.Td>
                      <Table.Td>{c.newly_detected}</Table.Td>
                      <Table.Td>{c.no_longer_detected}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
            {report.changes.map((c) => (
              <ReplayedEvent key={c.event_id} event={c} onClose={onClose}>
                <Badge variant="light" color={VERDICTS[c.recorded_verdict].color}>
                  {VERDICTS[c.recorded_verdict].label}
                </Badge>
                →<Badge color={VERDICTS[c.candidate_verdict].color}>{VERDICTS[c.candidate_verdict].label}</Badge>
              </ReplayedEvent>
            ))}
            {report.not_replayable.events.map((c) => (
              <ReplayedEvent key={c.event_id} event={c} onClose={onClose} testId="replay-not-replayable">
                <Badge variant="outline" color="gray">
                  not replayable: {c.reasons.map((r) => r.replaceAll('_', ' ')).join(', ')}
                </Badge>
              </ReplayedEvent>
            ))}
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
