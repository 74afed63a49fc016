import { Anchor, Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { api, type GuardrailCatalogue, type GuardrailInfo, type SessionInfo } from '../api.ts';
import { GUARDRAIL_MENU } from './Guardrails.tsx';

/** Guardrails: what each guardrail inspects and at which protection levels it is on. */
export function GuardrailsOverviewPage() {
  const [catalogue, setCatalogue] = useState<GuardrailInfo[]>([]);
  useEffect(() => void api<GuardrailCatalogue>('/api/guardrails').then((c) => setCatalogue(c.guardrails)), []);
  return (
    <Stack maw={900}>
      <Title order={2}>Guardrails</Title>
      <Text c="dimmed">Each guardrail is switched on or off per security profile; by default it follows the Runtime LLM's protection level.</Text>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Guardrail</Table.Th>
            <Table.Th>Inspects</Table.Th>
            <Table.Th>On at protection level</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {GUARDRAIL_MENU.map((entry) => {
            const info = catalogue.find((g) => g.name === entry.name);
            return (
              <Table.Tr key={entry.name}>
                <Table.Td>
                  <Anchor href={`#/guardrails/${entry.name}`}>{entry.title}</Anchor>
                </Table.Td>
                <Table.Td>{info ? info.directions.map((d) => (d === 'input' ? 'Prompts' : 'Answers')).join(' and ') : ''}</Table.Td>
                <Table.Td>{info?.on_at_levels.join(', ') || 'Only when switched on'}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <Anchor href="#/guardrails/profiles">Security profiles</Anchor>
    </Stack>
  );
}

/** Profile: who is signed in and how; the password is changed under Security. */
export function ProfilePage({ session }: { session: SessionInfo }) {
  return (
    <Stack maw={560}>
      <Title order={2}>Profile</Title>
      <Card withBorder>
        <Stack gap="xs">
          <Group>
            <Text fw={600}>User name</Text>
            <Text>{session.user.username}</Text>
          </Group>
          <Group>
            <Text fw={600}>Signed in with</Text>
            <Badge variant="light">{session.user.auth_method === 'password' ? 'Password' : 'Single sign-on'}</Badge>
          </Group>
          <Anchor href="#/profile/security">Security: change password</Anchor>
        </Stack>
      </Card>
    </Stack>
  );
}
