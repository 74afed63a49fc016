import { Alert, Breadcrumbs, Button, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { api, type SessionInfo } from '../api.ts';

/** Profile → Security → Change Password (forced after the first sign-in). */
export function ChangePasswordPage({ session, onChanged }: { session: SessionInfo; onChanged: () => Promise<void> }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  if (session.user.auth_method !== 'password') {
    return <Text>Signed in with single sign-on: change the password at your identity provider.</Text>;
  }
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (next !== repeat) return setResult({ ok: false, text: 'The new passwords do not match.' });
    try {
      await api('/api/auth/password', { method: 'POST', body: { current_password: current, new_password: next } });
      setResult({ ok: true, text: 'Password changed.' });
      setCurrent('');
      setNext('');
      setRepeat('');
      await onChanged();
    } catch (e) {
      setResult({ ok: false, text: (e as Error).message });
    }
  };
  return (
    <Stack maw={480}>
      <Breadcrumbs>
        <Text>Profile</Text>
        <Text>Security</Text>
      </Breadcrumbs>
      <Title order={2}>Change Password</Title>
      {session.user.must_change_password && (
        <Alert color="yellow" title="Change the delivered password">
          This account still uses the password delivered out of band. Choose a new one (at least 12 characters) to continue.
        </Alert>
      )}
      <Paper withBorder p="lg">
        <form onSubmit={(e) => void submit(e)}>
          <Stack>
            {result && <Alert color={result.ok ? 'green' : 'red'}>{result.text}</Alert>}
            <PasswordInput
              label="Current password"
              value={current}
              onChange={(e) => setCurrent(e.currentTarget.value)}
              autoComplete="current-password"
              required
            />
            <PasswordInput
              label="New password"
              description="At least 12 characters"
              value={next}
              onChange={(e) => setNext(e.currentTarget.value)}
              autoComplete="new-password"
              required
            />
            <PasswordInput label="Repeat new password" value={repeat} onChange={(e) => setRepeat(e.currentTarget.value)} autoComplete="new-password" required />
            <Button type="submit">Change Password</Button>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
