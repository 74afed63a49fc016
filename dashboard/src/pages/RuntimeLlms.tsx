import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Menu,
  Modal,
  PasswordInput,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDownload, IconKey, IconPlus, IconSettings, IconTrash } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { api, optionsOf, type Profile, type ProfileList, type RuntimeLlm, type RuntimeLlmKey, type RuntimeLlmList, type RuntimeLlmMode } from '../api.ts';
import { ConfirmModal } from '../components/ConfirmModal.tsx';
import { useFieldError } from '../components/field-error.ts';

function downloadKey(name: string, key: string): void {
  const url = URL.createObjectURL(new Blob([`${key}\n`], { type: 'text/plain' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `${name}-api-key.txt`;
  a.click();
  URL.revokeObjectURL(url);
}

/** Shows a new key exactly once; closing the dialog forgets it. */
function KeyModal({ issued, onClose }: { issued: { name: string; key: string } | null; onClose: () => void }) {
  return (
    <Modal opened={issued !== null} onClose={onClose} title="API key" size="lg" closeOnClickOutside={false}>
      {issued && (
        <Stack>
          <Alert color="yellow">This key is shown only now. Download or copy it; if it is lost, generate a new one (the old one then stops working).</Alert>
          <Code block data-testid="api-key">
            {issued.key}
          </Code>
          <Group>
            <Button leftSection={<IconDownload size={16} />} onClick={() => downloadKey(issued.name, issued.key)}>
              Download API Key
            </Button>
            <CopyButton value={issued.key}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
            <Button variant="subtle" onClick={onClose}>
              Done
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

const MODE_LABELS: Readonly<Record<RuntimeLlmMode, string>> = { 'non-forwarding': 'Non-forwarding', forwarding: 'Forwarding' };

interface Draft {
  name: string;
  mode: RuntimeLlmMode;
  url: string;
  level: string;
  profile: string;
  systemPrompt: string;
  /** Write-only: typed to set or replace the upstream key, never read back. */
  upstreamKey: string;
  upstreamKeySet: boolean;
  monitor: boolean;
}
const EMPTY: Draft = {
  name: '',
  mode: 'non-forwarding',
  url: '',
  level: '3',
  profile: 'default',
  systemPrompt: '',
  upstreamKey: '',
  upstreamKeySet: false,
  monitor: false,
};

function EditModal({
  opened,
  initial,
  editing,
  profiles,
  onClose,
  onSaved,
}: {
  opened: boolean;
  initial: Draft;
  editing: string | null;
  profiles: Profile[];
  onClose: () => void;
  onSaved: (key?: { name: string; key: string }) => void;
}) {
  const [draft, setDraft] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const { errorOf, submit, clearFieldError } = useFieldError();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form starts again from `initial` each time the modal opens.
  useEffect(() => {
    setDraft(initial);
    setError(null);
    clearFieldError();
  }, [initial, opened]);
  const set = (k: keyof Draft) => (v: string | null) => setDraft((d) => ({ ...d, [k]: v ?? '' }));
  const save = async () => {
    const body = {
      name: draft.name,
      mode: draft.mode,
      url: draft.url,
      level: Number(draft.level),
      profile: draft.profile,
      monitor: draft.monitor,
      ...(draft.systemPrompt ? { system_prompt: draft.systemPrompt } : {}),
      ...(draft.mode === 'forwarding' && draft.upstreamKey ? { upstream_api_key: draft.upstreamKey } : {}),
    };
    setError(null);
    await submit(async () => {
      if (editing) {
        await api(`/api/runtime-llms/${editing}`, { method: 'PATCH', body });
        onSaved();
      } else {
        const created = await api<RuntimeLlmKey>('/api/runtime-llms', { method: 'POST', body });
        onSaved({ name: created.runtime_llm.name, key: created.api_key });
      }
    }, setError);
  };
  return (
    <Modal opened={opened} onClose={onClose} title={editing ? 'Edit Runtime LLM' : 'Create Runtime LLM'}>
      <Stack>
        {error && <Alert color="red">{error}</Alert>}
        <TextInput label="Name" value={draft.name} onChange={(e) => set('name')(e.currentTarget.value)} required />
        <Select label="Mode" data={optionsOf(MODE_LABELS)} value={draft.mode} onChange={set('mode')} allowDeselect={false} />
        <TextInput
          label="Secure Proxy URL"
          description={
            draft.mode === 'forwarding' ? 'The LLM endpoint requests are forwarded to' : 'Optional in Non-forwarding mode (a placeholder is recorded)'
          }
          placeholder="https://llm.example.internal/v1"
          value={draft.url}
          onChange={(e) => set('url')(e.currentTarget.value)}
          error={errorOf('url')}
        />
        {draft.mode === 'forwarding' && (
          <PasswordInput
            label="Upstream API key"
            description={
              draft.upstreamKeySet
                ? 'Set. Type a new key to replace it; it is stored encrypted and never shown.'
                : 'Not set. The key Rampart sends to the LLM endpoint; it is stored encrypted and never shown.'
            }
            value={draft.upstreamKey}
            onChange={(e) => set('upstreamKey')(e.currentTarget.value)}
            error={errorOf('upstream_api_key')}
            autoComplete="off"
          />
        )}
        <Select
          label="Protection level"
          data={[
            { value: '3', label: 'Level 3 (recommended)' },
            { value: '2', label: 'Level 2' },
            { value: '1', label: 'Level 1' },
          ]}
          value={draft.level}
          onChange={set('level')}
          allowDeselect={false}
        />
        <Select
          label="Security profile"
          data={profiles.map((p) => ({ value: p.name, label: p.name }))}
          value={draft.profile}
          onChange={set('profile')}
          allowDeselect={false}
        />
        <Switch
          label="Monitor mode"
          description="Every guardrail runs and reports what it would block; nothing is blocked (a safe rollout)"
          checked={draft.monitor}
          onChange={(e) => {
            const monitor = e.currentTarget.checked;
            setDraft((d) => ({ ...d, monitor }));
          }}
        />
        <Textarea
          label="System prompt (optional)"
          description={editing ? 'Leave empty to keep the registered one' : 'Registered so output-check can detect its leakage'}
          value={draft.systemPrompt}
          onChange={(e) => set('systemPrompt')(e.currentTarget.value)}
          autosize
          minRows={2}
          maxRows={6}
        />
        <Button onClick={() => void save()}>{editing ? 'Save' : 'Create'}</Button>
      </Stack>
    </Modal>
  );
}

export function RuntimeLlmsPage() {
  const [llms, setLlms] = useState<RuntimeLlm[]>([]);
  const [profiles, setProfiles] = useState<Profile[]>([]);
  const [editor, setEditor] = useState<{ initial: Draft; editing: string | null } | null>(null);
  const [issued, setIssued] = useState<{ name: string; key: string } | null>(null);
  const [confirmKey, setConfirmKey] = useState<RuntimeLlm | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<RuntimeLlm | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    const [l, p] = await Promise.all([api<RuntimeLlmList>('/api/runtime-llms'), api<ProfileList>('/api/profiles')]);
    setLlms(l.runtime_llms);
    setProfiles(p.profiles);
  }, []);
  useEffect(() => void load(), [load]);
  const profileName = (id: string) => profiles.find((p) => p.id === id)?.name ?? id;

  const regenerate = async (llm: RuntimeLlm) => {
    const result = await api<RuntimeLlmKey>(`/api/runtime-llms/${llm.id}/api-key`, { method: 'POST' });
    setConfirmKey(null);
    setIssued({ name: llm.name, key: result.api_key });
    await load();
  };
  const remove = async (llm: RuntimeLlm) => {
    setConfirmDelete(null);
    try {
      await api(`/api/runtime-llms/${llm.id}`, { method: 'DELETE' });
      await load();
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Runtime LLMs</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditor({ initial: EMPTY, editing: null })}>
          Create Runtime LLM
        </Button>
      </Group>
      {error && <Alert color="red">{error}</Alert>}
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Mode</Table.Th>
            <Table.Th>Secure Proxy URL</Table.Th>
            <Table.Th>Protection level</Table.Th>
            <Table.Th>Profile</Table.Th>
            <Table.Th>API key</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {llms.map((llm) => (
            <Table.Tr key={llm.id} data-testid={`llm-${llm.name}`}>
              <Table.Td fw={600}>{llm.name}</Table.Td>
              <Table.Td>{MODE_LABELS[llm.mode]}</Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {llm.url}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  <Badge variant="light">Level {llm.level}</Badge>
                  {llm.monitor && (
                    <Badge variant="light" color="orange">
                      Monitor mode
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>{profileName(llm.profile_id)}</Table.Td>
              <Table.Td>
                <Code>{llm.api_key_hint ?? '—'}</Code>
              </Table.Td>
              <Table.Td>
                <Menu position="bottom-end">
                  <Menu.Target>
                    <ActionIcon variant="subtle" aria-label={`Settings of ${llm.name}`}>
                      <IconSettings size={18} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {/* A key is shown only once, so the specification's "Download API Key" issues a new one: named for what it does. */}
                    <Menu.Item leftSection={<IconKey size={14} />} onClick={() => setConfirmKey(llm)}>
                      <Text size="sm">Regenerate API key…</Text>
                      <Text size="xs" c="dimmed">
                        Download API Key: a new key replaces the current one
                      </Text>
                    </Menu.Item>
                    <Menu.Item
                      onClick={() =>
                        setEditor({
                          initial: {
                            name: llm.name,
                            mode: llm.mode,
                            url: llm.url === 'https://placeholder.invalid' ? '' : llm.url,
                            level: String(llm.level),
                            profile: profileName(llm.profile_id),
                            systemPrompt: '',
                            upstreamKey: '',
                            upstreamKeySet: llm.upstream_credential_set,
                            monitor: llm.monitor,
                          },
                          editing: llm.id,
                        })
                      }
                    >
                      Edit
                    </Menu.Item>
                    <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => setConfirmDelete(llm)}>
                      Delete
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {llms.length === 0 && <Text c="dimmed">No Runtime LLM yet. Create one to get an API key for input-check and output-check.</Text>}
      <EditModal
        opened={editor !== null}
        initial={editor?.initial ?? EMPTY}
        editing={editor?.editing ?? null}
        profiles={profiles}
        onClose={() => setEditor(null)}
        onSaved={(key) => {
          setEditor(null);
          if (key) setIssued(key);
          void load();
        }}
      />
      {confirmKey && (
        <ConfirmModal
          title={`Regenerate the API key of ${confirmKey.name}?`}
          confirmLabel="Generate new key"
          onConfirm={() => void regenerate(confirmKey)}
          onClose={() => setConfirmKey(null)}
        >
          <Text>
            A key is shown only once, so the key to download is a new one. The current key{confirmKey.api_key_hint ? ` (${confirmKey.api_key_hint})` : ''} stops
            working immediately: applications still using it get 401 from input-check and output-check until they have the new key.
          </Text>
        </ConfirmModal>
      )}
      {confirmDelete && (
        <ConfirmModal
          title={`Delete ${confirmDelete.name}?`}
          confirmLabel="Delete Runtime LLM"
          onConfirm={() => void remove(confirmDelete)}
          onClose={() => setConfirmDelete(null)}
        >
          <Text>
            Its API key{confirmDelete.api_key_hint ? ` (${confirmDelete.api_key_hint})` : ''} is revoked at once: applications using it get 401 from input-check
            and output-check
            {confirmDelete.mode === 'forwarding' ? ', and its forwarding proxy and stored upstream API key are gone' : ''}. This cannot be undone.
          </Text>
        </ConfirmModal>
      )}
      <KeyModal issued={issued} onClose={() => setIssued(null)} />
    </Stack>
  );
}
