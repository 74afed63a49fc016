import { Alert, AppShell, Badge, Button, Center, Group, Loader, NavLink, ScrollArea, Text, Title } from '@mantine/core';
import { IconActivity, IconFlask, IconLogout, IconServer, IconSettings, IconShieldCheck, IconUser } from '@tabler/icons-react';
import { Fragment, useCallback, useEffect, useState } from 'react';
import { api, ApiError, setCsrfToken, type AuthOptions, type SessionInfo } from './api.ts';
import { EventsPage } from './pages/Events.tsx';
import { GuardrailPage, GUARDRAIL_MENU } from './pages/Guardrails.tsx';
import { LoginPage } from './pages/Login.tsx';
import { GuardrailsOverviewPage, ProfilePage } from './pages/Overviews.tsx';
import { PlaygroundPage } from './pages/Playground.tsx';
import { ProfilesPage } from './pages/Profiles.tsx';
import { ChangePasswordPage } from './pages/ChangePassword.tsx';
import { RuntimeLlmsPage } from './pages/RuntimeLlms.tsx';
import { NotFoundPage } from './pages/NotFound.tsx';
import { SETTINGS_TABS, SettingsPage } from './pages/Settings.tsx';
import { navigate, useRoute } from './router.ts';

/** A message for the page the dashboard just moved to (e.g. after a password change), shown there only. */
interface Flash {
  path: string;
  text: string;
}

/** The page at `path` of a signed-in administrator, or null when the dashboard has no such page. */
function pageAt(path: string, session: SessionInfo, onPasswordChanged: () => Promise<void>): React.ReactNode {
  if (path === '/' || path === '/runtime-llms' || path === '/login') return <RuntimeLlmsPage />;
  if (path === '/profile/security') return <ChangePasswordPage session={session} onChanged={onPasswordChanged} />;
  if (path === '/profile') return <ProfilePage session={session} />;
  if (path === '/guardrails') return <GuardrailsOverviewPage />;
  if (path === '/guardrails/profiles') return <ProfilesPage />;
  const guardrail = GUARDRAIL_MENU.find((g) => path === `/guardrails/${g.name}`);
  if (guardrail) return <GuardrailPage key={path} name={guardrail.name} />;
  if (path === '/events') return <EventsPage />;
  if (path === '/settings') return <SettingsPage tab="siem" />;
  const tab = Object.keys(SETTINGS_TABS).find((t) => path === `/settings/${t}`);
  if (tab) return <SettingsPage tab={tab} />;
  if (path === '/playground') return <PlaygroundPage />;
  return null;
}

export function App() {
  const [session, setSession] = useState<SessionInfo | null | undefined>(undefined);
  const [ssoEnabled, setSsoEnabled] = useState(false);
  const [flash, setFlash] = useState<Flash | null>(null);
  const route = useRoute();

  // The sign-in options say whether this browser is signed in, so a signed-out page loads without a 401.
  const refresh = useCallback(async () => {
    const options = await api<AuthOptions>('/api/auth/options');
    setSsoEnabled(options.sso.enabled);
    if (!options.signed_in) return setSession(null);
    try {
      const info = await api<SessionInfo>('/api/auth/session');
      setCsrfToken(info.csrf_token);
      setSession(info);
    } catch (error) {
      // The session ended between the two requests.
      if (error instanceof ApiError && error.status === 401) setSession(null);
      else throw error;
    }
  }, []);
  useEffect(() => void refresh(), [refresh]);

  if (session === undefined) {
    return (
      <Center h="100vh">
        <Loader />
      </Center>
    );
  }
  if (session === null) {
    return (
      <LoginPage
        errorCode={route.query.get('error')}
        ssoEnabled={ssoEnabled}
        onSignedIn={(info) => {
          setCsrfToken(info.csrf_token);
          setSession(info);
          navigate(info.user.must_change_password ? '/profile/security' : '/runtime-llms');
        }}
      />
    );
  }

  const signOut = async () => {
    await api('/api/auth/logout', { method: 'POST' });
    setSession(null);
    navigate('/login');
  };
  // A changed password moves on to the start page (the Runtime LLMs), saying so there.
  const passwordChanged = async () => {
    await refresh();
    setFlash({ path: '/', text: 'Password changed.' });
    navigate('/');
  };
  const mustChange = session.user.must_change_password;
  const path = mustChange ? '/profile/security' : route.path;
  const page = pageAt(path, session, passwordChanged) ?? <NotFoundPage />;

  const link = (to: string, label: string, icon: React.ReactNode, children?: React.ReactNode) => (
    <NavLink
      key={to}
      label={label}
      leftSection={icon}
      href={`#${to}`}
      active={!children && (path === to || (path === '/' && to === '/runtime-llms'))}
      defaultOpened={path.startsWith(to)}
      disabled={mustChange && to !== '/profile/security'}
      childrenOffset={28}
    >
      {children}
    </NavLink>
  );

  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 260, breakpoint: 'sm' }} padding="lg">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Group gap="xs">
            <IconShieldCheck size={26} />
            <Title order={3}>Rampart</Title>
            <Text c="dimmed" size="sm">
              runtime guardrails
            </Text>
          </Group>
          <Group gap="sm">
            <Badge variant="light" leftSection={<IconUser size={12} />}>
              {session.user.username}
            </Badge>
            <Button variant="subtle" size="xs" leftSection={<IconLogout size={14} />} onClick={() => void signOut()}>
              Sign out
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        <ScrollArea>
          {link('/runtime-llms', 'Runtime LLMs', <IconServer size={18} />)}
          {link(
            '/guardrails',
            'Guardrails',
            <IconShieldCheck size={18} />,
            [{ name: 'profiles', title: 'Security profiles' }, ...GUARDRAIL_MENU].map((g) => (
              <NavLink key={g.name} label={g.title} href={`#/guardrails/${g.name}`} active={path === `/guardrails/${g.name}`} disabled={mustChange} />
            )),
          )}
          {link('/events', 'Events', <IconActivity size={18} />)}
          {link('/playground', 'Playground', <IconFlask size={18} />)}
          {link(
            '/settings',
            'Settings',
            <IconSettings size={18} />,
            Object.entries(SETTINGS_TABS).map(([tab, [label]]) => (
              <NavLink key={tab} label={label} href={`#/settings/${tab}`} active={path === `/settings/${tab}`} disabled={mustChange} />
            )),
          )}
          {link('/profile', 'Profile', <IconUser size={18} />, <NavLink label="Security" href="#/profile/security" active={path === '/profile/security'} />)}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main>
        {flash?.path === path && (
          <Alert color="green" withCloseButton onClose={() => setFlash(null)} mb="md" data-testid="flash">
            {flash.text}
          </Alert>
        )}
        {/* Each address is a view of its own: opening it again (from another address) loads it afresh. */}
        <Fragment key={path}>{page}</Fragment>
      </AppShell.Main>
    </AppShell>
  );
}
