import { Breadcrumbs, Button, Card, Group, Select, Stack, Switch, TagsInput, Text, TextInput, Title, PasswordInput } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { api, optionsOf, type Retention, type SiemFormat, type SiemSettings as Siem, type SiemTest, type SsoSettings as Sso } from '../api.ts';
import { useFieldError } from '../components/field-error.ts';
import { NoticeBanner, useNotice } from '../components/Notice.tsx';
import { requiredNumber, type NumberDraft } from '../components/numbers.ts';
import { WholeNumberInput } from '../components/WholeNumberInput.tsx';
import { ModelBackendsSettings } from './ModelBackends.tsx';

const FORMAT_LABELS: Readonly<Record<SiemFormat, string>> = { cef: 'CEF (ArcSight Common Event Format)', json: 'JSON' };

/** Settings as a form edits them: these number members as typed until saved (see numbers.ts). */
type WithNumberDrafts<T, K extends keyof T> = Omit<T, K> & { [P in K]: NumberDraft };

/**
 * Saving a settings form: the success text, or the API's refusal — next to its field when it names
 * one (nothing is saved then), otherwise as a banner.
 */
function useSaveOutcome() {
  const { notice, run: report, show } = useNotice();
  const { errorOf, submit } = useFieldError();
  const run = async (action: () => Promise<void>, ok: string) => {
    show(null);
    if (await submit(action, (text) => show({ ok: false, text }))) show({ ok: true, text: ok });
  };
  return { notice, run, report, errorOf };
}

function useSettings<T>(path: string): [T | null, (t: T) => void, () => Promise<void>] {
  const [value, setValue] = useState<T | null>(null);
  const load = useCallback(async () => setValue(await api<T>(path)), [path]);
  useEffect(() => void load(), [load]);
  return [value, setValue, load];
}

/** Settings → SIEM Integration: collector IP, UDP port, format, on/off, Save, send test event. */
function SiemSettings() {
  const [siem, setSiem] = useSettings<WithNumberDrafts<Siem, 'port'>>('/api/settings/siem');
  const { notice, run, report, errorOf } = useSaveOutcome();
  if (!siem) return null;
  const save = () =>
    run(async () => {
      const body: Siem = { ...siem, port: requiredNumber(siem.port, 'port', 'The UDP port', 'a whole number from 1 to 65535') };
      setSiem(await api<Siem>('/api/settings/siem', { method: 'PUT', body }));
    }, 'Saved.');
  const test = () =>
    report(
      () => api<SiemTest>('/api/settings/siem/test', { method: 'POST' }),
      (r) => `Test event ${r.event_id} sent to ${r.collector}:${r.port}. Check the collector.`,
    );
  return (
    <Card withBorder maw={560}>
      <Stack>
        <Text size="sm" c="dimmed">
          Every check and every administrative action is sent as one RFC 5424 syslog datagram over UDP, with a CEF or JSON payload. Message text is never sent
          unless a profile opts in (then with PII and secrets masked).
        </Text>
        <TextInput
          label="Collector IP address"
          placeholder="192.0.2.10"
          value={siem.collector}
          onChange={(e) => setSiem({ ...siem, collector: e.currentTarget.value })}
          error={errorOf('collector')}
        />
        <WholeNumberInput
          label="UDP port"
          description="1 to 65535; syslog collectors usually listen on 514."
          min={1}
          max={65535}
          value={siem.port}
          onChange={(v) => setSiem({ ...siem, port: v })}
          error={errorOf('port')}
        />
        <Select
          label="Format"
          data={optionsOf(FORMAT_LABELS)}
          value={siem.format}
          onChange={(v) => setSiem({ ...siem, format: (v as SiemFormat | null) ?? 'cef' })}
          allowDeselect={false}
        />
        <Switch label="Forward events" checked={siem.enabled} onChange={(e) => setSiem({ ...siem, enabled: e.currentTarget.checked })} />
        <NoticeBanner notice={notice} />
        <Group>
          <Button onClick={() => void save()}>Save</Button>
          <Button variant="default" onClick={() => void test()}>
            Send test event
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function RetentionSettings() {
  const [r, setR] = useSettings<WithNumberDrafts<Retention, keyof Retention>>('/api/settings/retention');
  const { notice, run, errorOf } = useSaveOutcome();
  if (!r) return null;
  const save = () =>
    run(async () => {
      const days = 'a whole number from 1 to 3650';
      const body: Retention = {
        max_age_days: requiredNumber(r.max_age_days, 'max_age_days', 'Keep check events for (days)', days),
        max_events: requiredNumber(r.max_events, 'max_events', 'Keep at most this many check events', 'a whole number from 10 to 100,000,000'),
        audit_max_age_days: requiredNumber(r.audit_max_age_days, 'audit_max_age_days', 'Keep audit events for (days)', days),
      };
      setR(await api<Retention>('/api/settings/retention', { method: 'PUT', body }));
    }, 'Saved. Older events are deleted within ten minutes.');
  return (
    <Card withBorder maw={560}>
      <Stack>
        <WholeNumberInput
          label="Keep check events for (days)"
          description="1 to 3650"
          min={1}
          max={3650}
          value={r.max_age_days}
          onChange={(v) => setR({ ...r, max_age_days: v })}
          error={errorOf('max_age_days')}
        />
        <WholeNumberInput
          label="Keep at most this many check events"
          description="10 to 100,000,000"
          min={10}
          max={100_000_000}
          thousandSeparator=","
          value={r.max_events}
          onChange={(v) => setR({ ...r, max_events: v })}
          error={errorOf('max_events')}
        />
        <WholeNumberInput
          label="Keep audit events for (days)"
          description="1 to 3650"
          min={1}
          max={3650}
          value={r.audit_max_age_days}
          onChange={(v) => setR({ ...r, audit_max_age_days: v })}
          error={errorOf('audit_max_age_days')}
        />
        <NoticeBanner notice={notice} />
        <Group>
          <Button onClick={() => void save()}>Save</Button>
        </Group>
      </Stack>
    </Card>
  );
}

function SsoSettings() {
  const [sso, setSso] = useSettings<Sso>('/api/settings/sso');
  const [secret, setSecret] = useState('');
  const { notice, run } = useNotice();
  if (!sso) return null;
  const save = () =>
    run(async () => {
      const { client_secret_set: _set, ...body } = sso;
      setSso(await api<Sso>('/api/settings/sso', { method: 'PUT', body: { ...body, ...(secret ? { client_secret: secret } : {}) } }));
      setSecret('');
    }, 'Saved.');
  const redirect = `${window.location.origin}/api/auth/oidc/callback`;
  return (
    <Card withBorder maw={620}>
      <Stack>
        <Text size="sm" c="dimmed">
          OpenID Connect (authorization code + PKCE). Users whose role claim holds one of the admin values become administrators. The local admin account keeps
          working for emergencies.
        </Text>
        <TextInput
          label="Issuer URL"
          placeholder="https://idp.example.com/realms/corp"
          value={sso.issuer}
          onChange={(e) => setSso({ ...sso, issuer: e.currentTarget.value })}
        />
        <TextInput label="Client ID" value={sso.client_id} onChange={(e) => setSso({ ...sso, client_id: e.currentTarget.value })} />
        <PasswordInput
          label="Client secret"
          description={sso.client_secret_set ? 'Set; type a new one to replace it' : 'Not set'}
          value={secret}
          onChange={(e) => setSecret(e.currentTarget.value)}
        />
        <TextInput
          label="Redirect URL (register it at the provider)"
          placeholder={redirect}
          value={sso.redirect_url}
          onChange={(e) => setSso({ ...sso, redirect_url: e.currentTarget.value })}
        />
        <Group grow>
          <TextInput label="Role claim" value={sso.role_claim} onChange={(e) => setSso({ ...sso, role_claim: e.currentTarget.value })} />
          <TextInput label="User name claim" value={sso.username_claim} onChange={(e) => setSso({ ...sso, username_claim: e.currentTarget.value })} />
        </Group>
        <TagsInput label="Admin values" value={sso.admin_values} onChange={(v) => setSso({ ...sso, admin_values: v })} />
        <Switch label="Enable single sign-on" checked={sso.enabled} onChange={(e) => setSso({ ...sso, enabled: e.currentTarget.checked })} />
        <NoticeBanner notice={notice} />
        <Group>
          <Button onClick={() => void save()}>Save</Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** Settings → …: each tab's address (#/settings/<tab>), title and page, in menu order. */
export const SETTINGS_TABS: Readonly<Record<string, readonly [string, () => React.ReactNode]>> = {
  siem: ['SIEM Integration', () => <SiemSettings />],
  retention: ['Event Retention', () => <RetentionSettings />],
  sso: ['Single Sign-On', () => <SsoSettings />],
  backends: ['Model Backends', () => <ModelBackendsSettings />],
};

/** One tab of Settings; `tab` is one of SETTINGS_TABS (the router sends other addresses to "not found"). */
export function SettingsPage({ tab }: { tab: string }) {
  const [title, render] = SETTINGS_TABS[tab] ?? SETTINGS_TABS.siem!;
  return (
    <Stack>
      <Breadcrumbs>
        <Text>Settings</Text>
        <Text>{title}</Text>
      </Breadcrumbs>
      <Title order={2}>{title}</Title>
      {render()}
    </Stack>
  );
}
