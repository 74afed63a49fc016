import { Alert, Badge, Button, Card, Checkbox, Code, Group, Progress, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { api, optionsOf, type BackendMode, type ModelPull, type ModelPullBody, type PulledModel, type PulledModelList } from '../api.ts';
import { ConfirmModal } from '../components/ConfirmModal.tsx';
import { useFieldError } from '../components/field-error.ts';
import { NoticeBanner, useNotice } from '../components/Notice.tsx';
import { useReloadEvery } from '../components/reload.ts';
import { formatBytes } from '../../../src/byte-size.ts';

type FilesState = NonNullable<PulledModel['on_this_node']>['state'];

const STATE_COLOR: Record<FilesState, string> = { present: 'green', missing: 'red', mismatch: 'red', fetching: 'blue', failed: 'red' };
const STATE_LABEL: Record<FilesState, string> = {
  present: 'In place',
  missing: 'Missing',
  mismatch: 'Differ',
  fetching: 'Downloading',
  failed: 'Failed',
};

function License({ model }: { model: PulledModel }) {
  return (
    <Stack gap={2} align="flex-start">
      <Text size="sm">{model.license ?? 'None stated'}</Text>
      {model.license_accepted ? (
        <Badge color="yellow" size="sm">
          Accepted
        </Badge>
      ) : (
        model.license !== null && (
          <Badge color="green" size="sm">
            Permissive
          </Badge>
        )
      )}
    </Stack>
  );
}

function Files({ model }: { model: PulledModel }) {
  return (
    <Stack gap={2}>
      {model.files.map((f) => (
        <Text key={f.path} size="xs" title={`SHA-256 ${f.sha256}`}>
          {f.path} · {formatBytes(f.size)} · <Code>{f.sha256.slice(0, 12)}…</Code>
        </Text>
      ))}
    </Stack>
  );
}

function NodeState({ model }: { model: PulledModel }) {
  const here = model.on_this_node;
  if (!here) return <Badge color="gray">Not checked yet</Badge>;
  return (
    <Stack gap={2}>
      <Badge color={STATE_COLOR[here.state]}>{STATE_LABEL[here.state]}</Badge>
      {[...(here.missing ?? []), ...(here.mismatched ?? [])].map((f) => (
        <Text key={f} size="xs" c="red">
          {f}
        </Text>
      ))}
      {here.error && (
        <Text size="xs" c="red">
          {here.error}
        </Text>
      )}
    </Stack>
  );
}

/** Every backend mode as it is named, the default first. */
const BACKEND_MODE_LABELS: Readonly<Record<BackendMode, string>> = { both: 'both', backend: 'backend', cascade: 'cascade', 'built-in': 'built-in' };

interface PullDraft {
  repo: string;
  revision: string;
  file: string;
  name: string;
  guardrail: string;
  mode: BackendMode;
  profile: string;
  positive_labels: string;
  accept_license: boolean;
}

const EMPTY: PullDraft = { repo: '', revision: '', file: '', name: '', guardrail: '', mode: 'both', profile: '', positive_labels: '', accept_license: false };

/** The API body: empty fields are left out (the server's defaults apply). */
function bodyOf(draft: PullDraft): ModelPullBody {
  const labels = draft.positive_labels
    .split(',')
    .map((l) => l.trim())
    .filter((l) => l.length > 0);
  return {
    repo: draft.repo.trim(),
    ...(draft.revision.trim() ? { revision: draft.revision.trim() } : {}),
    ...(draft.file.trim() ? { file: draft.file.trim() } : {}),
    ...(draft.name.trim() ? { name: draft.name.trim() } : {}),
    ...(draft.guardrail ? { guardrail: draft.guardrail, mode: draft.mode, ...(draft.profile.trim() ? { profile: draft.profile.trim() } : {}) } : {}),
    ...(labels.length > 0 ? { positive_labels: labels } : {}),
    ...(draft.accept_license ? { accept_license: true } : {}),
  };
}

function PullProgress({ pull }: { pull: ModelPull }) {
  const total = pull.bytes_total ?? 0;
  const percent = total > 0 ? Math.min(100, (pull.bytes_done / total) * 100) : 0;
  const what =
    pull.phase === 'metadata'
      ? 'Reading the repository…'
      : pull.phase === 'checking'
        ? 'Checking the model (checksums, loading it once)…'
        : pull.file
          ? `${pull.file}: ${formatBytes(pull.bytes_done)}${total > 0 ? ` of ${formatBytes(total)}` : ''}`
          : 'Downloading…';
  return (
    <Stack gap={4} aria-label="Pull progress">
      <Text size="sm">{what}</Text>
      <Progress value={pull.phase === 'downloading' ? percent : 100} animated striped={pull.phase !== 'downloading'} />
    </Stack>
  );
}

/** The form that starts a pull on the appliance, then follows its progress until it ends. */
function PullForm({ onDone, onCancel }: { onDone: (pull: ModelPull) => void; onCancel: () => void }) {
  const [draft, setDraft] = useState(EMPTY);
  const [pull, setPull] = useState<ModelPull | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { errorOf, submit } = useFieldError();
  const set = (patch: Partial<PullDraft>) => setDraft({ ...draft, ...patch });

  useEffect(() => {
    if (pull?.state !== 'running') return;
    const timer = setTimeout(() => {
      void api<ModelPull>(`/api/model-pulls/${pull.id}`).then(
        (next) => {
          setPull(next);
          if (next.state === 'failed') setError(next.error?.message ?? 'The pull failed.');
          if (next.state === 'succeeded') onDone(next);
        },
        (e: Error) => setError(e.message),
      );
    }, 1000);
    return () => clearTimeout(timer);
  }, [pull, onDone]);

  const start = async () => {
    setError(null);
    await submit(async () => setPull(await api<ModelPull>('/api/model-pulls', { method: 'POST', body: bodyOf(draft) })), setError);
  };
  const running = pull?.state === 'running';
  return (
    <Card withBorder maw={680}>
      <Stack>
        <Title order={4}>Pull a classifier from the model hub</Title>
        <Text size="sm" c="dimmed">
          A text-classification repository with config.json, tokenizer.json and an ONNX export. The appliance downloads it from its hub (HF_ENDPOINT, with
          HF_TOKEN for gated repositories), checks every file's SHA-256 and registers it as an ONNX backend.
        </Text>
        <TextInput
          label="Repository"
          placeholder="protectai/deberta-v3-base-prompt-injection-v2"
          value={draft.repo}
          onChange={(e) => set({ repo: e.currentTarget.value })}
          error={errorOf('repo')}
          disabled={running}
        />
        <Group grow align="flex-start">
          <TextInput
            label="Revision"
            placeholder="main"
            value={draft.revision}
            onChange={(e) => set({ revision: e.currentTarget.value })}
            error={errorOf('revision')}
            disabled={running}
          />
          <TextInput
            label="Name"
            description="Default: the repository's name"
            value={draft.name}
            onChange={(e) => set({ name: e.currentTarget.value })}
            error={errorOf('name')}
            disabled={running}
          />
        </Group>
        <TextInput
          label="ONNX file"
          description="Default: a quantized CPU export when there is one, else onnx/model.onnx"
          value={draft.file}
          onChange={(e) => set({ file: e.currentTarget.value })}
          error={errorOf('file')}
          disabled={running}
        />
        <TextInput
          label="Positive labels"
          description="Comma-separated labels meaning attack or unsafe; default: inferred (INJECTION, JAILBREAK, UNSAFE, TOXIC, …)"
          value={draft.positive_labels}
          onChange={(e) => set({ positive_labels: e.currentTarget.value })}
          error={errorOf('positive_labels')}
          disabled={running}
        />
        <Group grow align="flex-start">
          <Select
            label="Guardrail to set"
            data={[
              { value: '', label: 'None (set it later)' },
              { value: 'llm', label: 'LLM (prompt injection)' },
              { value: 'content_moderation', label: 'Content Moderation' },
              { value: 'system_prompt', label: 'System Prompt' },
            ]}
            value={draft.guardrail}
            onChange={(v) => set({ guardrail: v ?? '' })}
            allowDeselect={false}
            error={errorOf('guardrail')}
            disabled={running}
          />
          <Select
            label="Backend mode"
            data={optionsOf(BACKEND_MODE_LABELS)}
            value={draft.mode}
            onChange={(v) => set({ mode: (v as BackendMode | null) ?? 'both' })}
            allowDeselect={false}
            disabled={running || !draft.guardrail}
          />
          <TextInput
            label="Profile"
            placeholder="default"
            value={draft.profile}
            onChange={(e) => set({ profile: e.currentTarget.value })}
            disabled={running || !draft.guardrail}
          />
        </Group>
        <Checkbox
          label="Accept the model's licence when it is not permissive (Llama or Gemma terms, non-commercial, other, none stated)"
          checked={draft.accept_license}
          onChange={(e) => set({ accept_license: e.currentTarget.checked })}
          disabled={running}
        />
        {pull && pull.state !== 'failed' && <PullProgress pull={pull} />}
        {error && <Alert color="red">{error}</Alert>}
        <Group>
          <Button onClick={() => void start()} loading={running} disabled={draft.repo.trim() === ''}>
            Pull
          </Button>
          <Button variant="default" onClick={onCancel} disabled={running}>
            Close
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * Pulled models: classifiers `rampart model pull` or `import` (or the form here) registered, with
 * their origin, licence, files and checksums and this node's copy. `onChange` refreshes the backends.
 */
export function PulledModels({ onChange }: { onChange: () => void }) {
  const [models, setModels] = useState<PulledModel[] | null>(null);
  const [pulling, setPulling] = useState(false);
  const [removing, setRemoving] = useState<PulledModel | null>(null);
  const { notice, run, show } = useNotice();
  const load = useCallback(async () => setModels((await api<PulledModelList>('/api/models')).models), []);
  // This node's copy changes on its own (a download finishes).
  useReloadEvery(load, 5000);
  const pulled = useCallback(
    (pull: ModelPull) => {
      setPulling(false);
      show({ ok: true, text: `Pulled ${pull.name} and registered its backend.` });
      void load();
      onChange();
    },
    [load, onChange, show],
  );
  if (!models) return null;
  const remove = async (model: PulledModel) => {
    setRemoving(null);
    await run(async () => {
      await api(`/api/models/${encodeURIComponent(model.name)}`, { method: 'DELETE' });
      onChange();
    }, `Removed ${model.name}.`);
    await load();
  };
  return (
    <Stack>
      <Title order={4}>Pulled models</Title>
      <Text size="sm" c="dimmed" maw={760}>
        Transformer classifiers from a model hub, run as ONNX backends. Try one in monitor mode and measure it with <Code>rampart eval</Code> on your data
        before a guardrail enforces it (docs/model-pull.md in the installation).
      </Text>
      <NoticeBanner notice={notice} />
      <Table striped withTableBorder maw={1100}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Origin</Table.Th>
            <Table.Th>Licence</Table.Th>
            <Table.Th>Files (SHA-256)</Table.Th>
            <Table.Th>On this node</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {models.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={6}>
                <Text c="dimmed">No model pulled or imported.</Text>
              </Table.Td>
            </Table.Tr>
          )}
          {models.map((m) => (
            <Table.Tr key={m.id} data-testid={`model-${m.name}`}>
              <Table.Td>
                <Text size="sm">{m.name}</Text>
                <Text size="xs" c="dimmed">
                  {m.device.toUpperCase()} · positive: {m.positive_labels.join(', ')}
                </Text>
                {m.used_by.length > 0 && (
                  <Text size="xs" c="dimmed">
                    used by {m.used_by.join(', ')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {m.source === 'hub' ? (
                  <Stack gap={2}>
                    <Text size="sm">{m.repo}</Text>
                    <Text size="xs" c="dimmed" title={m.commit ?? ''}>
                      {m.revision} · {m.commit?.slice(0, 12)}
                    </Text>
                  </Stack>
                ) : (
                  <Text size="sm">Imported</Text>
                )}
              </Table.Td>
              <Table.Td>
                <License model={m} />
              </Table.Td>
              <Table.Td>
                <Files model={m} />
              </Table.Td>
              <Table.Td>
                <NodeState model={m} />
              </Table.Td>
              <Table.Td>
                <Button size="xs" color="red" variant="light" aria-label={`Remove ${m.name}`} onClick={() => setRemoving(m)}>
                  Remove
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {pulling ? (
        <PullForm onDone={pulled} onCancel={() => setPulling(false)} />
      ) : (
        <Group>
          <Button onClick={() => setPulling(true)}>Pull a model</Button>
        </Group>
      )}
      {removing && (
        <ConfirmModal
          title={`Remove model ${removing.name}?`}
          confirmLabel="Remove model"
          onConfirm={() => void remove(removing)}
          onClose={() => setRemoving(null)}
        >
          <Text size="sm">Its backend is unregistered and its files are deleted on this node. Guardrails that use it must be switched away first.</Text>
        </ConfirmModal>
      )}
    </Stack>
  );
}
