import { Alert, Breadcrumbs, Button, Group, Paper, PasswordInput, Progress, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  loadStrengthEstimator,
  MIN_PASSWORD_LENGTH,
  MIN_PASSWORD_SCORE,
  passwordProblem,
  SCORE_WORDS,
  type StrengthEstimate,
  type StrengthEstimator,
} from '../../../src/auth/password-strength.ts';
import { api, type SessionInfo } from '../api.ts';

const SCORE_COLORS = ['red', 'red', 'orange', 'teal', 'green'] as const;

/**
 * How guessable the typed password is, as the server will judge it (the same estimator and threshold).
 * Estimated a moment after typing stops: a long password takes zxcvbn a noticeable fraction of a second.
 */
function StrengthMeter({ password, username, estimate }: { password: string; username: string; estimate: StrengthEstimator | null }) {
  const [strength, setStrength] = useState<StrengthEstimate | null>(null);
  useEffect(() => {
    if (!estimate || password === '') return setStrength(null);
    const timer = setTimeout(() => setStrength(estimate(password, [username, 'rampart'])), 150);
    return () => clearTimeout(timer);
  }, [password, username, estimate]);
  if (!strength) return null;
  const { score, warning } = strength;
  const tooShort = [...password].length < MIN_PASSWORD_LENGTH;
  return (
    <Stack gap={4} data-testid="password-strength">
      <Progress value={(score + 1) * 20} color={SCORE_COLORS[score]} aria-label="Password strength" />
      <Group justify="space-between">
        <Text size="xs" fw={600} c={SCORE_COLORS[score]}>
          {SCORE_WORDS[score]}
        </Text>
        <Text size="xs" c="dimmed">
          {tooShort ? `${[...password].length} of at least ${MIN_PASSWORD_LENGTH} characters` : score < MIN_PASSWORD_SCORE ? 'Too easy to guess' : 'Accepted'}
        </Text>
      </Group>
      {warning && (
        <Text size="xs" c="dimmed">
          {warning}
        </Text>
      )}
    </Stack>
  );
}

/** Profile → Security → Change Password (forced after the first sign-in); on success the dashboard moves on. */
export function ChangePasswordPage({ session, onChanged }: { session: SessionInfo; onChanged: () => Promise<void> }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [estimate, setEstimate] = useState<StrengthEstimator | null>(null);
  // The word lists are a few megabytes: fetched only for this page.
  useEffect(() => {
    void loadStrengthEstimator().then((estimator) => setEstimate(() => estimator));
  }, []);

  if (session.user.auth_method !== 'password') {
    return <Text>Signed in with single sign-on: change the password at your identity provider.</Text>;
  }
  const username = session.user.username;
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    if (next !== repeat) return setError('The new passwords do not match.');
    const problem = estimate && passwordProblem(next, username, estimate);
    if (problem) return setError(problem);
    try {
      await api('/api/auth/password', { method: 'POST', body: { current_password: current, new_password: next } });
      await onChanged();
    } catch (e) {
      setError((e as Error).message);
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
          This account still uses the password delivered out of band. Choose a new one (at least {MIN_PASSWORD_LENGTH} characters, hard to guess) to continue.
        </Alert>
      )}
      <Paper withBorder p="lg">
        <form onSubmit={(e) => void submit(e)}>
          <Stack>
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <PasswordInput
              label="Current password"
              value={current}
              onChange={(e) => setCurrent(e.currentTarget.value)}
              autoComplete="current-password"
              required
            />
            <PasswordInput
              label="New password"
              description={`At least ${MIN_PASSWORD_LENGTH} characters and hard to guess: a few unrelated words work well. Common passwords and their variants are refused.`}
              value={next}
              onChange={(e) => setNext(e.currentTarget.value)}
              autoComplete="new-password"
              required
            />
            <StrengthMeter password={next} username={username} estimate={estimate} />
            <PasswordInput label="Repeat new password" value={repeat} onChange={(e) => setRepeat(e.currentTarget.value)} autoComplete="new-password" required />
            <Button type="submit">Change Password</Button>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
