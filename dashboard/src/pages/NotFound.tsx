import { Anchor, Stack, Text, Title } from '@mantine/core';

/** An address the dashboard has no page for (its text is not repeated: the page shows only its own words). */
export function NotFoundPage() {
  return (
    <Stack maw={560} data-testid="not-found">
      <Title order={2}>Page not found</Title>
      <Text>The dashboard has no page at this address. It may have been mistyped, or the link is from another version.</Text>
      <Text>
        <Anchor href="#/runtime-llms">Go to the Runtime LLMs</Anchor>
      </Text>
    </Stack>
  );
}
