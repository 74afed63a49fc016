import { Alert, Button, Center, Divider, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { api, type SessionInfo, type SsoFailureCode } from '../api.ts';

/**
 * What the page says for each code a failed single sign-on sends it to (`#/login?error=<code>`).
 * Only these texts are ever shown: the URL selects one, it never supplies words of its own, so a
 * crafted link cannot make the sign-in page say anything. The details are in the audit trail.
 */
const SSO_FAILURES: Readonly<Record<SsoFailureCode, string>> = {
  sso_refused: 'Single sign-on did not complete: the identity provider refused it, or the sign-in expired or was started in another browser. Start it again.',
  sso_not_admin: 'Your identity provider account does not have the administrator role for Rampart. Ask the administrator of your identity provider.',
  sso_unavailable: 'Single sign-on is not available right now. Sign in with a local account, or ask an administrator to check Settings → Single Sign-On.',
};

function ssoFailureText(code: string | null): string | null {
  return code !== null && Object.hasOwn(SSO_FAILURES, code) ? SSO_FAILURES[code as SsoFailureCode] : null;
}

export function LoginPage({
  errorCode,
  ssoEnabled,
  onSignedIn,
}: {
  /** `error` of the page's address: a code, looked up in SSO_FAILURES. */
  errorCode: string | null;
  ssoEnabled: boolean;
  onSignedIn: (info: SessionInfo) => void;
}) {
  const [username, setUsername] = useState('admin');
  const [password, setPassword] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setMessage(ssoFailureText(errorCode)), [errorCode]);

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
            {ssoEnabled && (
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
