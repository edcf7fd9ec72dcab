import { Group, Loader, Text } from '@mantine/core';

/** A list's translated total, with a small spinner while a newer answer is on its way. */
export function ListTotal({ label, fetching, testId }: { label: string; fetching: boolean; testId: string }) {
  return (
    <Group gap="xs">
      {fetching ? <Loader size="xs" /> : null}
      <Text size="sm" c="dimmed" data-testid={testId}>
        {label}
      </Text>
    </Group>
  );
}
