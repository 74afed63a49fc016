import { Alert, Badge, Button, Card, Group, PasswordInput, SegmentedControl, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useCallback, useState } from 'react';
import { api, optionsOf, type BackendKind, type JudgeFormat, type ModelBackend, type ModelBackendList } from '../api.ts';
import { ConfirmModal } from '../components/ConfirmModal.tsx';
import { useFieldError } from '../components/field-error.ts';
import { NoticeBanner, useNotice } from '../components/Notice.tsx';
import { useReloadEvery } from '../components/reload.ts';
import { WholeNumberInput } from '../components/WholeNumberInput.tsx';
import { PulledModels } from './PulledModels.tsx';

type Health = NonNullable<ModelBackend['health']>;

type NumberField = 'timeout_ms' | 'breaker_failures' | 'breaker_cooldown_ms' | 'max_concurrency' | 'queue_depth' | 'intra_op_threads';

/** The form's values; numbers stay as typed until the API accepts or refuses them. */
interface Draft {
  id?: string;
  name: string;
  kind: BackendKind;
  path: string;
  url: string;
  model: string;
  format: JudgeFormat;
  api_key: string;
  timeout_ms: number | '';
  breaker_failures: number | '';
  breaker_cooldown_ms: number | '';
  /** Empty: no limit (sent as null). */
  max_concurrency: number | '';
  queue_depth: number | '';
  /** onnx; empty: onnxruntime's default (sent as null). */
  intra_op_threads: number | '';
}

const EMPTY: Draft = {
  name: '',
  kind: 'llm_judge',
  path: '',
  url: '',
  model: '',
  format: 'llama_guard',
  api_key: '',
  timeout_ms: '',
  breaker_failures: '',
  breaker_cooldown_ms: '',
  max_concurrency: '',
  queue_depth: '',
  intra_op_threads: '',
};

const KIND_LABELS: Readonly<Record<BackendKind, string>> = { llm_judge: 'LLM judge', onnx: 'ONNX classifier' };
const FORMAT_LABELS: Readonly<Record<JudgeFormat, string>> = {
  llama_guard: 'Llama Guard 3/4 (safe / unsafe + hazard codes)',
  shieldgemma: 'ShieldGemma (Yes / No policy question)',
  json: 'Generic JSON verdict',
};

const STATE_COLOR: Record<Health['state'], string> = { ready: 'green', loading: 'blue', unavailable: 'red', open: 'red', half_open: 'yellow' };
const STATE_LABEL: Record<Health['state'], string> = {
  ready: 'Ready',
  loading: 'Loading',
  unavailable: 'Unavailable',
  open: 'Breaker open',
  half_open: 'Breaker half open',
};

function HealthBadge({ health }: { health: Health | undefined }) {
  if (!health) return <Badge color="gray">Not loaded yet</Badge>;
  return (
    <Stack gap={2}>
      <Badge color={STATE_COLOR[health.state]}>{STATE_LABEL[health.state]}</Badge>
      {health.device && <Text size="xs">{health.device.toUpperCase()}</Text>}
      {health.consecutive_failures > 0 && (
        <Text size="xs" c="dimmed">
          {health.consecutive_failures} failures in a row
        </Text>
      )}
      {health.error && (
        <Text size="xs" c="red">
          {health.error}
        </Text>
      )}
    </Stack>
  );
}

/** The body sent to the API: only what applies to the kind; empty numbers and an empty key are left out (kept or defaulted). */
function bodyOf(draft: Draft): Record<string, unknown> {
  const body: Record<string, unknown> = { name: draft.name, kind: draft.kind };
  if (draft.kind === 'onnx') body.path = draft.path;
  else Object.assign(body, { url: draft.url, model: draft.model, format: draft.format }, draft.api_key ? { api_key: draft.api_key } : {});
  for (const key of ['timeout_ms', 'breaker_failures', 'breaker_cooldown_ms', 'queue_depth'] as const) if (draft[key] !== '') body[key] = draft[key];
  return { ...body, ...loadBodyOf(draft) };
}

/** The settings that may be null: an empty field means no limit (concurrency) or onnxruntime's default (threads). */
function loadBodyOf(draft: Draft): Record<string, unknown> {
  const orNull = (v: number | '') => (v === '' ? null : v);
  return { max_concurrency: orNull(draft.max_concurrency), ...(draft.kind === 'onnx' ? { intra_op_threads: orNull(draft.intra_op_threads) } : {}) };
}

function draftOf(b: ModelBackend): Draft {
  const own = b.kind === 'onnx' ? { path: b.path } : { url: b.url, model: b.model, format: b.format };
  return {
    ...EMPTY,
    id: b.id,
    name: b.name,
    kind: b.kind,
    ...own,
    timeout_ms: b.timeout_ms,
    breaker_failures: b.breaker_failures,
    breaker_cooldown_ms: b.breaker_cooldown_ms,
    max_concurrency: b.max_concurrency ?? '',
    queue_depth: b.queue_depth,
    intra_op_threads: b.kind === 'onnx' ? (b.intra_op_threads ?? '') : '',
  };
}

function BackendForm({ initial, keySet, onSaved, onCancel }: { initial: Draft; keySet: boolean; onSaved: (b: ModelBackend) => void; onCancel: () => void }) {
  const [draft, setDraft] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const { errorOf, submit } = useFieldError();
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  const save = async () => {
    setError(null);
    await submit(async () => {
      const saved = draft.id
        ? await api<ModelBackend>(`/api/model-backends/${draft.id}`, { method: 'PATCH', body: bodyOf(draft) })
        : await api<ModelBackend>('/api/model-backends', { method: 'POST', body: bodyOf(draft) });
      onSaved(saved);
    }, setError);
  };
  const number = (key: NumberField, label: string, description: string, placeholder?: string) => (
    <WholeNumberInput
      label={label}
      description={description}
      placeholder={placeholder}
      value={draft[key]}
      onChange={(v) => set({ [key]: v === '' ? '' : Number(v) })}
      error={errorOf(key)}
    />
  );
  return (
    <Card withBorder maw={680}>
      <Stack>
        <Title order={4}>{draft.id ? `Edit ${initial.name}` : 'Add a model backend'}</Title>
        <TextInput
          label="Name"
          description="Profiles name it in a guardrail's backend setting"
          value={draft.name}
          onChange={(e) => set({ name: e.currentTarget.value })}
          error={errorOf('name')}
        />
        <SegmentedControl
          aria-label="Kind"
          disabled={draft.id !== undefined}
          data={optionsOf(KIND_LABELS)}
          value={draft.kind}
          onChange={(v) => set({ kind: v as BackendKind })}
        />
        {draft.kind === 'onnx' ? (
          <TextInput
            label="Classifier folder"
            description="Absolute path on the appliance holding model.onnx, tokenizer.json and manifest.json"
            placeholder="/var/lib/rampart/models/prompt-guard"
            value={draft.path}
            onChange={(e) => set({ path: e.currentTarget.value })}
            error={errorOf('path')}
          />
        ) : (
          <>
            <TextInput
              label="Endpoint URL"
              description="OpenAI-compatible base URL (vLLM, TGI, Ollama, llama.cpp)"
              placeholder="http://vllm:8000/v1"
              value={draft.url}
              onChange={(e) => set({ url: e.currentTarget.value })}
              error={errorOf('url')}
            />
            <TextInput
              label="Model"
              placeholder="meta-llama/Llama-Guard-3-8B"
              value={draft.model}
              onChange={(e) => set({ model: e.currentTarget.value })}
              error={errorOf('model')}
            />
            <Select
              label="Prompt format"
              data={optionsOf(FORMAT_LABELS)}
              value={draft.format}
              onChange={(v) => set({ format: (v as JudgeFormat | null) ?? 'llama_guard' })}
              allowDeselect={false}
            />
            <PasswordInput
              label="API key"
              description={keySet ? 'Set; type a new one to replace it' : 'Optional; stored encrypted, never shown again'}
              value={draft.api_key}
              onChange={(e) => set({ api_key: e.currentTarget.value })}
              error={errorOf('api_key')}
            />
          </>
        )}
        <Group grow align="flex-start">
          {number('timeout_ms', 'Timeout (ms)', 'Past it, the profile’s on_error decides')}
          {number('breaker_failures', 'Breaker: failures', 'In a row, before calls stop')}
          {number('breaker_cooldown_ms', 'Breaker: pause (ms)', 'Before a trial call')}
        </Group>
        <Group grow align="flex-start">
          {number('max_concurrency', 'Calls at once', 'Per worker thread; empty: no limit', 'unlimited')}
          {number('queue_depth', 'Queue depth', 'Calls that may wait; more fail at once (queue_full)', '64')}
          {draft.kind === 'onnx' && number('intra_op_threads', 'onnxruntime threads', 'Per worker thread; empty: one per core', 'default')}
        </Group>
        {error && <Alert color="red">{error}</Alert>}
        <Group>
          <Button onClick={() => void save()}>Save</Button>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** Settings → Model backends: ONNX classifiers and LLM judges that guardrails can ask, with their health on this node. */
export function ModelBackendsSettings() {
  const [backends, setBackends] = useState<ModelBackend[] | null>(null);
  const [editing, setEditing] = useState<{ draft: Draft; keySet: boolean } | null>(null);
  const [deleting, setDeleting] = useState<ModelBackend | null>(null);
  const { notice, run, show } = useNotice();
  const load = useCallback(async () => setBackends((await api<ModelBackendList>('/api/model-backends')).model_backends), []);
  // Health changes on its own (a breaker opens, a model finishes loading).
  useReloadEvery(load, 5000);
  if (!backends) return null;
  const remove = async (b: ModelBackend) => {
    setDeleting(null);
    await run(() => api(`/api/model-backends/${b.id}`, { method: 'DELETE' }), `Deleted ${b.name}.`);
    await load();
  };
  return (
    <Stack>
      <Text size="sm" c="dimmed" maw={760}>
        The built-in models stay the default. A guardrail (LLM, Content Moderation, System Prompt) of a security profile can also ask a backend here: set its
        Backend mode to backend, both (the higher score wins) or cascade (the backend is asked only when the built-in score is uncertain).
      </Text>
      <NoticeBanner notice={notice} />
      <PulledModels onChange={() => void load()} />
      <Title order={4}>Backends</Title>
      <Table striped withTableBorder maw={1100}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Kind</Table.Th>
            <Table.Th>Target</Table.Th>
            <Table.Th>Timeout</Table.Th>
            <Table.Th>Health</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {backends.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={6}>
                <Text c="dimmed">No model backend: every guardrail uses its built-in model.</Text>
              </Table.Td>
            </Table.Tr>
          )}
          {backends.map((b) => (
            <Table.Tr key={b.id} data-testid={`backend-${b.name}`}>
              <Table.Td>{b.name}</Table.Td>
              <Table.Td>{KIND_LABELS[b.kind]}</Table.Td>
              <Table.Td>
                <Text size="sm" style={{ wordBreak: 'break-all' }}>
                  {b.kind === 'onnx' ? b.path : `${b.url} · ${b.model} · ${b.format}`}
                </Text>
              </Table.Td>
              <Table.Td>{b.timeout_ms} ms</Table.Td>
              <Table.Td>
                <HealthBadge health={b.health} />
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="xs"
                    variant="default"
                    aria-label={`Edit ${b.name}`}
                    onClick={() => setEditing({ draft: draftOf(b), keySet: b.kind === 'llm_judge' && b.api_key_set })}
                  >
                    Edit
                  </Button>
                  <Button size="xs" color="red" variant="light" aria-label={`Delete ${b.name}`} onClick={() => setDeleting(b)}>
                    Delete
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {editing ? (
        <BackendForm
          key={editing.draft.id ?? 'new'}
          initial={editing.draft}
          keySet={editing.keySet}
          onCancel={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            show({ ok: true, text: `Saved ${saved.name}.` });
            void load();
          }}
        />
      ) : (
        <Group>
          <Button onClick={() => setEditing({ draft: EMPTY, keySet: false })}>Add a model backend</Button>
        </Group>
      )}
      {deleting && (
        <ConfirmModal
          title={`Delete backend ${deleting.name}?`}
          confirmLabel="Delete backend"
          onConfirm={() => void remove(deleting)}
          onClose={() => setDeleting(null)}
        >
          <Text size="sm">Guardrails that use it must be switched to another backend or back to their built-in model first.</Text>
        </ConfirmModal>
      )}
    </Stack>
  );
}
