import { AppShell, Badge, Button, Center, Group, Loader, NavLink, ScrollArea, Text, Title } from '@mantine/core';
import { IconActivity, IconFlask, IconLogout, IconServer, IconSettings, IconShieldCheck, IconUser } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { api, ApiError, setCsrfToken, type SessionInfo } from './api.ts';
import { EventsPage } from './pages/Events.tsx';
import { GuardrailPage, GUARDRAIL_MENU } from './pages/Guardrails.tsx';
import { LoginPage } from './pages/Login.tsx';
import { GuardrailsOverviewPage, ProfilePage } from './pages/Overviews.tsx';
import { PlaygroundPage } from './pages/Playground.tsx';
import { ProfilesPage } from './pages/Profiles.tsx';
import { ChangePasswordPage } from './pages/ChangePassword.tsx';
import { RuntimeLlmsPage } from './pages/RuntimeLlms.tsx';
import { SettingsPage } from './pages/Settings.tsx';
import { navigate, useRoute } from './router.ts';

export function App() {
  const [session, setSession] = useState<SessionInfo | null | undefined>(undefined);
  const route = useRoute();

  const refresh = useCallback(async () => {
    try {
      const info = await api<SessionInfo>('/api/auth/session');
      setCsrfToken(info.csrf_token);
      setSession(info);
    } catch (error) {
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
        error={route.query.get('error')}
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
  const mustChange = session.user.must_change_password;
  const path = mustChange ? '/profile/security' : route.path;
  const page = (() => {
    if (path === '/profile/security') return <ChangePasswordPage session={session} onChanged={refresh} />;
    if (path === '/profile') return <ProfilePage session={session} />;
    if (path === '/guardrails') return <GuardrailsOverviewPage />;
    if (path === '/guardrails/profiles') return <ProfilesPage />;
    if (path.startsWith('/guardrails/')) return <GuardrailPage key={path} name={path.slice('/guardrails/'.length)} />;
    if (path === '/events') return <EventsPage />;
    if (path.startsWith('/settings')) return <SettingsPage tab={path.split('/')[2] ?? 'siem'} />;
    if (path === '/playground') return <PlaygroundPage />;
    return <RuntimeLlmsPage />;
  })();

  const link = (to: string, label: string, icon: React.ReactNode, children?: React.ReactNode) => (
    <NavLink
      key={to}
      label={label}
      leftSection={icon}
      href={`#${to}`}
      active={!children && path === to}
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
            [
              ['siem', 'SIEM Integration'],
              ['retention', 'Event Retention'],
              ['sso', 'Single Sign-On'],
              ['backends', 'Model Backends'],
            ].map(([tab, label]) => <NavLink key={tab} label={label} href={`#/settings/${tab}`} active={path === `/settings/${tab}`} disabled={mustChange} />),
          )}
          {link('/profile', 'Profile', <IconUser size={18} />, <NavLink label="Security" href="#/profile/security" active={path === '/profile/security'} />)}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main>{page}</AppShell.Main>
    </AppShell>
  );
}
