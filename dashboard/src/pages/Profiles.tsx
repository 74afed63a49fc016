import { ActionIcon, Breadcrumbs, Button, Card, Group, Modal, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { api, type GuardrailCatalogue, type JsonSchema, type Profile, type ProfileList, type RuntimeLlm, type RuntimeLlmList } from '../api.ts';
import { ConfirmModal } from '../components/ConfirmModal.tsx';
import { useFieldError } from '../components/field-error.ts';
import { NoticeBanner } from '../components/Notice.tsx';
import { ReplayModal } from '../components/ReplayModal.tsx';
import { SchemaForm, settingsForSave } from '../components/SchemaForm.tsx';
import { mergePatch } from './Guardrails.tsx';

/** Guardrails → Security profiles: create, copy, delete, and the profile-wide settings. */
export function ProfilesPage() {
  const [profiles, setProfiles] = useState<Profile[]>([]);
  const [llms, setLlms] = useState<RuntimeLlm[]>([]);
  const [schema, setSchema] = useState<JsonSchema | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [draft, setDraft] = useState<Record<string, unknown>>({});
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Profile | null>(null);
  const [replaying, setReplaying] = useState<Profile | null>(null);
  const [form, setForm] = useState({ name: '', description: '', copy_from: '' });
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const { fieldError, submit, clearFieldError } = useFieldError();

  const load = useCallback(async () => {
    const [p, l, c] = await Promise.all([
      api<ProfileList>('/api/profiles'),
      api<RuntimeLlmList>('/api/runtime-llms'),
      api<GuardrailCatalogue>('/api/guardrails'),
    ]);
    setProfiles(p.profiles);
    setLlms(l.runtime_llms);
    setSchema(c.profile_settings_schema);
    setSelected((s) => s ?? p.profiles[0]?.id ?? null);
  }, []);
  useEffect(() => void load(), [load]);
  const profile = profiles.find((p) => p.id === selected);
  const { guardrails: _g, ...profileWide } = (profile?.settings ?? {}) as Record<string, unknown>;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the profile's settings are compared by value, so a reload with the same settings keeps the draft.
  useEffect(() => setDraft(profileWide), [selected, JSON.stringify(profileWide)]);

  // Selecting another profile is another view: earlier banners do not apply to it.
  const select = (id: string) => {
    setSelected(id);
    setNotice(null);
    clearFieldError();
  };
  const run = async (action: () => Promise<unknown>, ok: string) => {
    setNotice(null);
    await submit(
      async () => {
        await action();
        await load();
        setNotice({ ok: true, text: ok });
      },
      (text) => setNotice({ ok: false, text }),
    );
  };
  const create = () =>
    run(async () => {
      const body = {
        name: form.name,
        ...(form.description ? { description: form.description } : {}),
        ...(form.copy_from ? { copy_from: form.copy_from } : {}),
      };
      const created = await api<Profile>('/api/profiles', { method: 'POST', body });
      setCreating(false);
      setSelected(created.id);
    }, 'Profile created.');
  /** Why a profile cannot be deleted, said before anything is asked (the API would refuse with 409), or null. */
  const deletionBlocker = (p: Profile): string | null => {
    const users = llms.filter((l) => l.profile_id === p.id).map((l) => l.name);
    if (users.length > 0)
      return `It is used by ${users.length} Runtime LLM${users.length === 1 ? '' : 's'} (${users.join(', ')}). Give ${users.length === 1 ? 'it' : 'them'} another security profile first (Runtime LLMs → Edit).`;
    if (p.name === 'default') return 'The default profile cannot be deleted: it is what Runtime LLMs use when no other profile is chosen.';
    return null;
  };
  const settingsSchema: JsonSchema = {
    ...schema,
    properties: Object.fromEntries(Object.entries(schema?.properties ?? {}).filter(([k]) => k !== 'guardrails')),
  };

  return (
    <Stack maw={1000}>
      <Breadcrumbs>
        <Text>Guardrails</Text>
        <Text>Security profiles</Text>
      </Breadcrumbs>
      <Group justify="space-between">
        <Title order={2}>Security profiles</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          New profile
        </Button>
      </Group>
      <NoticeBanner notice={notice} />
      <Table highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Description</Table.Th>
            <Table.Th>Rules</Table.Th>
            <Table.Th>Used by</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {profiles.map((p) => (
            <Table.Tr
              key={p.id}
              bg={p.id === selected ? 'var(--mantine-color-indigo-light)' : undefined}
              onClick={() => select(p.id)}
              style={{ cursor: 'pointer' }}
            >
              <Table.Td fw={600}>{p.name}</Table.Td>
              <Table.Td>{p.description}</Table.Td>
              <Table.Td>
                {p.rules.keywords.length} keyword, {p.rules.regexes.length} regex
              </Table.Td>
              <Table.Td>
                {llms
                  .filter((l) => l.profile_id === p.id)
                  .map((l) => l.name)
                  .join(', ') || '—'}
              </Table.Td>
              <Table.Td>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Delete ${p.name}`}
                  onClick={(e) => {
                    e.stopPropagation();
                    setDeleting(p);
                  }}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {profile && schema && (
        <Card withBorder>
          <Stack>
            <Title order={4}>Settings of {profile.name}</Title>
            <Text size="sm" c="dimmed">
              Per-guardrail settings are under each guardrail in the menu.
            </Text>
            <SchemaForm schema={settingsSchema} value={draft} onChange={setDraft} error={fieldError} />
            <Group>
              <Button
                onClick={() =>
                  void run(
                    () => api(`/api/profiles/${profile.id}`, { method: 'PATCH', body: mergePatch(profileWide, settingsForSave(settingsSchema, draft)) }),
                    'Saved.',
                  )
                }
              >
                Save
              </Button>
              <Button variant="default" onClick={() => setReplaying(profile)}>
                What-if replay
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
      {deleting && deletionBlocker(deleting) && (
        <Modal opened onClose={() => setDeleting(null)} title={`Profile ${deleting.name} cannot be deleted`}>
          <Stack>
            <Text data-testid="profile-in-use">{deletionBlocker(deleting)}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDeleting(null)}>
                Close
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
      {deleting && !deletionBlocker(deleting) && (
        <ConfirmModal
          title={`Delete profile ${deleting.name}?`}
          confirmLabel="Delete profile"
          onClose={() => setDeleting(null)}
          onConfirm={() => {
            const target = deleting;
            setDeleting(null);
            void run(() => api(`/api/profiles/${target.id}`, { method: 'DELETE' }), 'Profile deleted.');
          }}
        >
          <Text>
            Its guardrail settings and its {deleting.rules.keywords.length} keyword and {deleting.rules.regexes.length} regex rules are lost. This cannot be
            undone.
          </Text>
        </ConfirmModal>
      )}
      <ReplayModal profile={replaying} llms={llms} onClose={() => setReplaying(null)} />
      <Modal opened={creating} onClose={() => setCreating(false)} title="New security profile">
        <Stack>
          <TextInput label="Name" value={form.name} onChange={(e) => setForm({ ...form, name: e.currentTarget.value })} required />
          <TextInput label="Description" value={form.description} onChange={(e) => setForm({ ...form, description: e.currentTarget.value })} />
          <Select
            label="Copy settings and rules from"
            data={[{ value: '', label: '(start from defaults)' }, ...profiles.map((p) => ({ value: p.id, label: p.name }))]}
            value={form.copy_from}
            onChange={(v) => setForm({ ...form, copy_from: v ?? '' })}
          />
          <Button onClick={() => void create()}>Create</Button>
        </Stack>
      </Modal>
    </Stack>
  );
}
