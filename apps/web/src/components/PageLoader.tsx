import { Center, Group, Loader, Text } from '@mantine/core';

export function PageLoader() {
  return (
    <Center py="xl">
      <Group gap="sm">
        <Loader size="sm" />
        <Text>Please wait...</Text>
      </Group>
    </Center>
  );
}
