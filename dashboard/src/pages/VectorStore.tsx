import { Badge, Button, Card, Group, Select, Stack, Table, Tabs, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconCheck, IconTrash, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { api, optionsOf, proposeThreat, type ThreatCounts, type ThreatEntry, type ThreatList, type ThreatProposal, type ThreatStatus } from '../api.ts';
import { ConfirmModal } from '../components/ConfirmModal.tsx';
import { Notice, useNotice } from '../components/Notice.tsx';

type Count = ThreatCounts['counts'][number];

const STATUSES = optionsOf<ThreatStatus>({ proposed: 'Proposed', active: 'Active', rejected: 'Rejected', removed: 'Removed' });
const ORIGIN_LABELS: Readonly<Record<Count['origin'], string>> = { seed: 'Seed', operator: 'Operator' };
const PAGE_SIZE = 25;

const when = (iso: string) => new Date(iso).toLocaleString();

function ProposeForm({ onPropose }: { onPropose: (proposal: ThreatProposal) => Promise<boolean> }) {
  const [form, setForm] = useState({ text: '', family: '', category: '', note: '' });
  const field = (k: keyof typeof form) => ({
    value: form[k],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setForm({ ...form, [k]: e.currentTarget.value }),
  });
  const submit = async () => {
    // Empty optional fields are left out: the API applies its defaults (family `operator`).
    const proposal = Object.fromEntries(Object.entries(form).filter(([, v]) => v.trim() !== '')) as ThreatProposal;
    if (await onPropose(proposal)) setForm({ text: '', family: '', category: '', note: '' });
  };
  return (
    <Card withBorder>
      <Stack>
        <Title order={4}>Propose a message</Title>
        <Text size="sm" c="dimmed">
          A message the vector filter should treat as an attack, with paraphrases of it. It is used only once approved.
        </Text>
        <Textarea label="Message" autosize minRows={2} {...field('text')} />
        <Group grow>
          <TextInput label="Family" placeholder="operator" description="Attack family, e.g. jailbreak/roleplay" {...field('family')} />
          <TextInput label="Category" {...field('category')} />
        </Group>
        <TextInput label="Note" description="Why it belongs in the store, for the reviewer" {...field('note')} />
        <Group>
          <Button onClick={() => void submit()} disabled={form.text.trim() === ''}>
            Propose
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function EntryRow({ entry, onApprove, onReject, onRemove }: { entry: ThreatEntry; onApprove: () => void; onReject: () => void; onRemove: () => void }) {
  return (
    <Table.Tr data-testid={`vector-${entry.id}`}>
      <Table.Td>
        <Text ff="monospace" size="xs">
          {entry.id}
        </Text>
        <Group gap={4} mt={4}>
          <Badge size="sm" variant="light" color={entry.origin === 'seed' ? 'gray' : 'indigo'}>
            {entry.origin}
          </Badge>
          {/* A proposal without a family gets the family "operator": its origin badge already says so. */}
          {entry.family !== entry.origin && (
            <Badge size="sm" variant="outline" tt="none" title="Attack family">
              {entry.family}
            </Badge>
          )}
        </Group>
        {entry.category && (
          <Text size="xs" c="dimmed">
            {entry.category}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        {entry.text === null ? (
          <Text size="sm" c="dimmed" fs="italic">
            seed vector — no text
          </Text>
        ) : (
          <Text size="sm" lineClamp={3} title={entry.text} style={{ whiteSpace: 'pre-wrap' }}>
            {entry.text}
          </Text>
        )}
        {entry.note && (
          <Text size="xs" c="dimmed">
            Note: {entry.note}
          </Text>
        )}
        {entry.source_event_id && (
          <Text size="xs" c="dimmed">
            From check event {entry.source_event_id}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="xs">
          {entry.proposed_by}, {when(entry.proposed_at)}
        </Text>
        {entry.reviewed_by && entry.reviewed_at && (
          <Text size="xs" c="dimmed">
            {entry.status} by {entry.reviewed_by}, {when(entry.reviewed_at)}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          {entry.status === 'proposed' && (
            <>
              <Button size="compact-sm" color="green" leftSection={<IconCheck size={14} />} onClick={onApprove}>
                Approve
              </Button>
              <Button size="compact-sm" variant="default" leftSection={<IconX size={14} />} onClick={onReject}>
                Reject
              </Button>
            </>
          )}
          {entry.status === 'active' && (
            <Button size="compact-sm" variant="default" color="red" leftSection={<IconTrash size={14} />} onClick={onRemove}>
              Remove
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The review queue of the vector filter's threat store: proposals wait here until an administrator
 * approves (encodes and indexes) or rejects them; active entries, seed or operator, can be removed.
 */
export function VectorStore() {
  const [status, setStatus] = useState<ThreatStatus>('proposed');
  const [origin, setOrigin] = useState('');
  // The `after` cursor of every page up to the one shown (the first page has none).
  const [cursors, setCursors] = useState(['']);
  const [version, setVersion] = useState(0);
  const [entries, setEntries] = useState<ThreatEntry[]>([]);
  const [counts, setCounts] = useState<Count[]>([]);
  const [pending, setPending] = useState<{ action: 'reject' | 'remove'; entry: ThreatEntry } | null>(null);
  const [reason, setReason] = useState('');
  const { notice, run, fail, clear } = useNotice();
  const after = cursors[cursors.length - 1]!;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is bumped after an action to load the page again.
  useEffect(() => {
    const query = new URLSearchParams({ status, limit: String(PAGE_SIZE) });
    if (origin) query.set('origin', origin);
    if (after) query.set('after', after);
    Promise.all([api<ThreatList>(`/api/vectors?${query}`), api<ThreatCounts>('/api/vectors/stats')])
      .then(([list, stats]) => {
        setEntries(list.entries);
        setCounts(stats.counts);
      })
      .catch(fail);
  }, [status, origin, after, version, fail]);

  const show = (next: { status?: ThreatStatus; origin?: string }) => {
    if (next.status) setStatus(next.status);
    if (next.origin !== undefined) setOrigin(next.origin);
    setCursors(['']);
  };
  const close = () => {
    setPending(null);
    setReason('');
  };
  const act = async (call: () => Promise<unknown>, ok: string) => {
    close();
    await run(call, ok);
    setVersion((v) => v + 1);
  };
  const propose = async (proposal: ThreatProposal) => {
    const entry = await run(
      () => proposeThreat(proposal),
      (e) => `Proposed ${e.id}. The vector filter uses it once it is approved.`,
    );
    if (!entry) return false;
    show({ status: 'proposed' });
    setVersion((v) => v + 1);
    return true;
  };
  const total = (s: ThreatStatus, o?: string) =>
    counts.filter((c) => c.status === s && (o === undefined || c.origin === o)).reduce((sum, c) => sum + c.count, 0);
  const page = cursors.length;

  return (
    <Stack>
      <Card withBorder>
        <Stack>
          <Title order={4}>Threat vector store</Title>
          <Notice notice={notice} onClose={clear} />
          <Group justify="space-between" align="flex-end">
            <Tabs value={status} onChange={(v) => show({ status: v as ThreatStatus })}>
              <Tabs.List>
                {STATUSES.map((s) => (
                  <Tabs.Tab
                    key={s.value}
                    value={s.value}
                    rightSection={
                      <Badge size="sm" variant="light" data-testid={`count-${s.value}`}>
                        {total(s.value)}
                      </Badge>
                    }
                  >
                    {s.label}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
            </Tabs>
            <Select
              label="Origin"
              data={[{ value: '', label: 'Seed and operator' }, ...optionsOf(ORIGIN_LABELS)]}
              value={origin}
              onChange={(v) => show({ origin: v ?? '' })}
              allowDeselect={false}
              w={180}
            />
          </Group>
          <Text size="xs" c="dimmed">
            {total(status, 'seed')} seed and {total(status, 'operator')} operator entries are {status}.
          </Text>
          <Table verticalSpacing="xs" data-testid="vector-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Entry</Table.Th>
                <Table.Th>Text</Table.Th>
                <Table.Th>Proposed / reviewed</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((e) => (
                <EntryRow
                  key={e.id}
                  entry={e}
                  onApprove={() => void act(() => api(`/api/vectors/${e.id}/approve`, { method: 'POST' }), `Approved ${e.id}: it is in the store from now on.`)}
                  onReject={() => setPending({ action: 'reject', entry: e })}
                  onRemove={() => setPending({ action: 'remove', entry: e })}
                />
              ))}
            </Table.Tbody>
          </Table>
          {entries.length === 0 && (
            <Text c="dimmed">
              No {status} entries{page > 1 ? ' on this page' : ''}.
            </Text>
          )}
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              Page {page}
            </Text>
            <Group gap="xs">
              <Button variant="default" size="xs" disabled={page === 1} onClick={() => setCursors(cursors.slice(0, -1))}>
                Previous
              </Button>
              <Button
                variant="default"
                size="xs"
                disabled={entries.length < PAGE_SIZE}
                onClick={() => setCursors([...cursors, entries[entries.length - 1]!.id])}
              >
                Next
              </Button>
            </Group>
          </Group>
        </Stack>
      </Card>
      <ProposeForm onPropose={propose} />
      {pending?.action === 'reject' && (
        <ConfirmModal
          title={`Reject ${pending.entry.id}`}
          confirmLabel="Reject"
          onClose={close}
          onConfirm={() =>
            void act(
              () => api(`/api/vectors/${pending.entry.id}/reject`, { method: 'POST', body: reason.trim() ? { reason } : {} }),
              `Rejected ${pending.entry.id}.`,
            )
          }
        >
          <Textarea
            label="Reason"
            description="Kept in the audit trail"
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            autosize
            minRows={2}
            data-autofocus
          />
        </ConfirmModal>
      )}
      {pending?.action === 'remove' && (
        <ConfirmModal
          title={`Remove ${pending.entry.id}`}
          confirmLabel="Remove"
          onClose={close}
          onConfirm={() => void act(() => api(`/api/vectors/${pending.entry.id}`, { method: 'DELETE' }), `Removed ${pending.entry.id} from the store.`)}
        >
          <Text size="sm">The vector filter stops matching this {pending.entry.origin} entry on every node. The entry stays listed under Removed.</Text>
        </ConfirmModal>
      )}
    </Stack>
  );
}
