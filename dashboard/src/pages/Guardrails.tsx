import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
  ActionIcon,
  Breadcrumbs,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import {
  api,
  optionsOf,
  type GuardrailCatalogue,
  type GuardrailInfo,
  type Profile,
  type ProfileList,
  type RuleKind,
  type RuleScope,
  type RuleTest,
} from '../api.ts';
import { ConfirmModal } from '../components/ConfirmModal.tsx';
import { useFieldError } from '../components/field-error.ts';
import { Highlighted } from '../components/Highlighted.tsx';
import { SchemaForm, settingsForSave } from '../components/SchemaForm.tsx';
import { VectorStore } from './VectorStore.tsx';

const SCOPE_LABELS: Readonly<Record<RuleScope, string>> = { input: 'Input (prompts)', output: 'Output (answers)', both: 'Both' };

/** The spec's menu: Guardrails → LLM Guardrail / PII Detection / Content Moderation / System Prompt Protection / Vector Guardrail / Keyword / Regex. */
export const GUARDRAIL_MENU = [
  { name: 'llm', title: 'LLM Guardrail' },
  { name: 'pii', title: 'PII Detection' },
  { name: 'content_moderation', title: 'Content Moderation' },
  { name: 'system_prompt', title: 'System Prompt Protection' },
  { name: 'vector', title: 'Vector Guardrail' },
  { name: 'keyword', title: 'Keyword' },
  { name: 'regex', title: 'Regex' },
] as const;

/** The one name a guardrail goes by everywhere in the dashboard (badges, legends, filters). */
export function guardrailTitle(name: string): string {
  return GUARDRAIL_MENU.find((g) => g.name === name)?.title ?? name;
}

type Switch = 'on' | 'monitor' | 'off' | 'level';

/** A JSON Merge Patch turning `from` into `to` (removed members become null). */
export function mergePatch(from: Record<string, unknown>, to: Record<string, unknown>): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(from), ...Object.keys(to)])) {
    const a = from[key];
    const b = to[key];
    if (b === undefined) patch[key] = null;
    else if (typeof a === 'object' && a && !Array.isArray(a) && typeof b === 'object' && b && !Array.isArray(b)) {
      const sub = mergePatch(a as Record<string, unknown>, b as Record<string, unknown>);
      if (Object.keys(sub).length > 0) patch[key] = sub;
    } else if (JSON.stringify(a) !== JSON.stringify(b)) patch[key] = b;
  }
  return patch;
}

function RuleTester({
  kind,
  rule,
  onValidity,
  showEmpty,
}: {
  kind: RuleKind;
  rule: Record<string, unknown>;
  onValidity: (valid: boolean) => void;
  showEmpty: boolean;
}) {
  const [text, setText] = useState('');
  const [result, setResult] = useState<RuleTest | null>(null);
  const key = JSON.stringify(rule);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the rule is compared by value (`key`); a new onValidity closure must not test again.
  useEffect(() => {
    const timer = setTimeout(() => {
      void api<RuleTest>('/api/rules/test', {
        method: 'POST',
        body: { kind, ...rule, text },
      }).then((r) => {
        setResult(r);
        onValidity(r.valid);
      });
    }, 250);
    return () => clearTimeout(timer);
  }, [kind, key, text]);
  return (
    <Stack gap={6}>
      <Textarea
        label="Test this rule"
        placeholder="Type sample text to see what the rule matches"
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        autosize
        minRows={2}
      />
      {/* An empty rule is not an error yet: only once the administrator tries to add it. */}
      {result && !result.valid && (showEmpty || String(rule[kind === 'keyword' ? 'keyword' : 'pattern'] ?? '') !== '') && (
        <Alert color="red" data-testid="rule-test-error">
          {result.error}
        </Alert>
      )}
      {result?.valid && text && (
        <Group gap="xs" align="flex-start" data-testid="rule-test-result">
          <Badge color={result.matched ? 'red' : 'gray'}>{result.matched ? 'matches: would block' : 'no match'}</Badge>
          <Highlighted text={text} spans={result.spans} />
        </Group>
      )}
    </Stack>
  );
}

function Rules({ profile, kind, onChanged }: { profile: Profile; kind: RuleKind; onChanged: () => Promise<void> }) {
  const [keyword, setKeyword] = useState('');
  const [wholeWord, setWholeWord] = useState(true);
  const [name, setName] = useState('');
  const [pattern, setPattern] = useState('');
  const [caseInsensitive, setCaseInsensitive] = useState(false);
  const [scope, setScope] = useState<RuleScope>('input');
  const [valid, setValid] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const rule = kind === 'keyword' ? { keyword, whole_word: wholeWord } : { pattern, case_insensitive: caseInsensitive };

  const add = async () => {
    setError(null);
    setAttempted(true);
    if (!valid) return;
    try {
      if (kind === 'keyword') await api(`/api/profiles/${profile.id}/keyword-rules`, { method: 'POST', body: { keyword, whole_word: wholeWord, scope } });
      else await api(`/api/profiles/${profile.id}/regex-rules`, { method: 'POST', body: { name, pattern, case_insensitive: caseInsensitive, scope } });
      setKeyword('');
      setName('');
      setPattern('');
      setAttempted(false);
      await onChanged();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const [removing, setRemoving] = useState<{ id: string; rule: string } | null>(null);
  const remove = async (id: string) => {
    setRemoving(null);
    setError(null);
    try {
      await api(`/api/profiles/${profile.id}/rules/${id}`, { method: 'DELETE' });
      await onChanged();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const rows =
    kind === 'keyword'
      ? profile.rules.keywords.map((r) => ({ id: r.id, rule: r.keyword, options: r.whole_word ? 'whole word' : 'partial', scope: r.scope }))
      : profile.rules.regexes.map((r) => ({
          id: r.id,
          rule: `${r.name}: ${r.pattern}`,
          options: r.case_insensitive ? 'case-insensitive' : 'case-sensitive',
          scope: r.scope,
        }));

  return (
    <Card withBorder>
      <Stack>
        <Title order={4}>Rules</Title>
        <Table>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>
                  <Text ff="monospace" size="sm">
                    {r.rule}
                  </Text>
                </Table.Td>
                <Table.Td>{r.options}</Table.Td>
                <Table.Td>{r.scope}</Table.Td>
                <Table.Td>
                  <ActionIcon variant="subtle" color="red" aria-label={`Remove ${r.rule}`} onClick={() => setRemoving(r)}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {rows.length === 0 && <Text c="dimmed">No {kind} rules in this profile.</Text>}
        <Title order={5}>Add Rules</Title>
        {error && <Alert color="red">{error}</Alert>}
        {kind === 'keyword' ? (
          <Group align="flex-end">
            <TextInput label="Keyword" value={keyword} onChange={(e) => setKeyword(e.currentTarget.value)} />
            <Checkbox label="Whole word" checked={wholeWord} onChange={(e) => setWholeWord(e.currentTarget.checked)} mb={8} />
          </Group>
        ) : (
          <Group align="flex-end">
            <TextInput label="Rule name" value={name} onChange={(e) => setName(e.currentTarget.value)} />
            <TextInput label="Pattern (RE2)" value={pattern} onChange={(e) => setPattern(e.currentTarget.value)} ff="monospace" w={320} />
            <Checkbox label="Ignore case" checked={caseInsensitive} onChange={(e) => setCaseInsensitive(e.currentTarget.checked)} mb={8} />
          </Group>
        )}
        <Select
          label="Inspect"
          data={optionsOf(SCOPE_LABELS)}
          value={scope}
          onChange={(v) => setScope((v as RuleScope | null) ?? 'input')}
          w={220}
          allowDeselect={false}
        />
        <RuleTester kind={kind} rule={rule} onValidity={setValid} showEmpty={attempted} />
        {removing && (
          <ConfirmModal
            title={`Remove the ${kind} rule ${removing.rule}?`}
            confirmLabel="Remove rule"
            onConfirm={() => void remove(removing.id)}
            onClose={() => setRemoving(null)}
          >
            <Text>Checks of every Runtime LLM using profile {profile.name} stop matching it at once. To use it again, add it again.</Text>
          </ConfirmModal>
        )}
        <Group>
          <Button onClick={() => void add()} disabled={kind === 'regex' && name.trim() === ''}>
            Add rule
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

export function GuardrailPage({ name }: { name: string }) {
  const [catalogue, setCatalogue] = useState<GuardrailInfo[]>([]);
  const [profiles, setProfiles] = useState<Profile[]>([]);
  const [profileId, setProfileId] = useState<string | null>(null);
  const [draft, setDraft] = useState<Record<string, unknown>>({});
  const [mode, setMode] = useState<Switch>('level');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const { fieldError, submit, clearFieldError } = useFieldError();

  const load = useCallback(async () => {
    const [c, p] = await Promise.all([api<GuardrailCatalogue>('/api/guardrails'), api<ProfileList>('/api/profiles')]);
    setCatalogue(c.guardrails);
    setProfiles(p.profiles);
    setProfileId((current) => current ?? p.profiles.find((x) => x.name === 'default')?.id ?? p.profiles[0]?.id ?? null);
  }, []);
  useEffect(() => void load(), [load]);

  const info = catalogue.find((g) => g.name === name);
  const profile = profiles.find((p) => p.id === profileId);
  const stored = (info && profile?.settings.guardrails[info.name]) ?? {};
  // biome-ignore lint/correctness/useExhaustiveDependencies: the stored settings are compared by value, so a reload with the same settings keeps the draft.
  useEffect(() => {
    const { enabled, monitor, ...rest } = stored;
    setDraft(rest);
    setMode(enabled === true ? (monitor === true ? 'monitor' : 'on') : enabled === false ? 'off' : 'level');
  }, [profileId, JSON.stringify(stored)]);
  // A banner belongs to the profile it was about.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when another profile is selected.
  useEffect(() => {
    setMessage(null);
    clearFieldError();
  }, [profileId]);

  if (!info || !profile) return null;
  const save = async () => {
    const { enabled: _e, monitor: _m, ...current } = stored;
    setMessage(null);
    await submit(
      async () => {
        const patch: Record<string, unknown> = mergePatch(current, settingsForSave(info.settings_schema, draft, `guardrails.${name}.`));
        patch.enabled = mode === 'level' ? null : mode !== 'off';
        patch.monitor = mode === 'monitor' ? true : null;
        await api(`/api/profiles/${profile.id}`, { method: 'PATCH', body: { guardrails: { [name]: patch } } });
        // Reloaded first: the reload resets the form to the stored settings, which must not undo edits made after the banner shows.
        await load();
        setMessage({ ok: true, text: 'Saved. Checks use the new settings from now on.' });
      },
      (text) => setMessage({ ok: false, text }),
    );
  };

  return (
    <Stack maw={900}>
      <Breadcrumbs>
        <Text>Guardrails</Text>
        <Text>{info.title}</Text>
      </Breadcrumbs>
      <Group justify="space-between">
        <Title order={2}>{info.title}</Title>
        <Select
          label="Security profile"
          data={profiles.map((p) => ({ value: p.id, label: p.name }))}
          value={profileId}
          onChange={setProfileId}
          allowDeselect={false}
          w={220}
        />
      </Group>
      {!info.available && (
        <Alert color="gray">
          This guardrail is not installed in this build: checks report it with enabled false and reason not_available. Its settings are kept for when it is.
        </Alert>
      )}
      <Card withBorder>
        <Stack>
          <Group justify="space-between">
            <Stack gap={2}>
              <Text fw={600}>Guardrail switch</Text>
              <Text size="xs" c="dimmed">
                By level: on at protection level {info.on_at_levels.join(', ')}. Monitor: runs and reports what it would block, blocks nothing. Inspects{' '}
                {info.directions.join(' and ') || '—'}.
              </Text>
            </Stack>
            <SegmentedControl
              aria-label="Guardrail switch"
              value={mode}
              onChange={(v) => setMode(v as Switch)}
              data={[
                { value: 'on', label: 'On' },
                { value: 'monitor', label: 'Monitor' },
                { value: 'off', label: 'Off' },
                { value: 'level', label: 'By level' },
              ]}
            />
          </Group>
          <SchemaForm
            schema={info.settings_schema}
            value={draft}
            onChange={setDraft}
            skip={['enabled', 'monitor']}
            path={`guardrails.${name}.`}
            error={fieldError}
          />
          {message && <Alert color={message.ok ? 'green' : 'red'}>{message.text}</Alert>}
          <Group>
            <Button onClick={() => void save()}>Save</Button>
          </Group>
        </Stack>
      </Card>
      {info.uses_rules && <Rules profile={profile} kind={name as RuleKind} onChanged={load} />}
      {name === 'vector' && <VectorStore />}
    </Stack>
  );
}
