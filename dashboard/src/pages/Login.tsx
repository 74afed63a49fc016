import { Alert, Button, Center, Divider, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { api, type SessionInfo } from '../api.ts';

export function LoginPage({ error, onSignedIn }: { error: string | null; onSignedIn: (info: SessionInfo) => void }) {
  const [username, setUsername] = useState('admin');
  const [password, setPassword] = useState('');
  const [message, setMessage] = useState<string | null>(error);
  const [busy, setBusy] = useState(false);
  const [sso, setSso] = useState(false);
  useEffect(() => {
    void api<{ sso: { enabled: boolean } }>('/api/auth/options').then((o) => setSso(o.sso.enabled));
  }, []);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      onSignedIn(await api<SessionInfo>('/api/auth/login', { method: 'POST', body: { username, password } }));
    } catch (e) {
      setMessage((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Center h="100vh" bg="gray.0">
      <Paper withBorder shadow="md" p="xl" w={380}>
        <form onSubmit={(e) => void submit(e)}>
          <Stack>
            <Stack gap={4} align="center">
              <IconShieldCheck size={40} />
              <Title order={2}>Rampart</Title>
              <Text c="dimmed" size="sm">
                Sign in to the administration dashboard
              </Text>
            </Stack>
            {message && (
              <Alert color="red" role="alert">
                {message}
              </Alert>
            )}
            <TextInput label="User name" value={username} onChange={(e) => setUsername(e.currentTarget.value)} autoComplete="username" required />
            <PasswordInput label="Password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} autoComplete="current-password" required />
            <Button type="submit" loading={busy}>
              Sign in
            </Button>
            {sso && (
              <>
                <Divider label="or" />
                <Button variant="default" component="a" href="/api/auth/oidc/start">
                  Sign in with single sign-on
                </Button>
              </>
            )}
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
