import { FIRST_STEPS } from '@duka/shared';
import { Anchor, Button, Group, List, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { useDismissFirstSteps, useFirstSteps } from '../../api/first-steps.ts';
import { usePermissions } from '../../api/permissions.ts';

// A new shop's first steps, on the Administrator's home screen: each a link to its screen, ticked by the server from
// the shop's data (first-steps.service.ts), until all are done or the Administrator hides the list.
export function FirstSteps() {
  const { can } = usePermissions();
  const isAdministrator = can('settings');
  const steps = useFirstSteps(isAdministrator);
  const dismiss = useDismissFirstSteps();
  if (!isAdministrator || !steps.data?.show) return null;
  const { done } = steps.data;
  const count = FIRST_STEPS.filter((step) => done[step.key]).length;
  return (
    <Paper p="lg" mb="md" withBorder component="section" aria-labelledby="first-steps-title">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={2} size="h4" id="first-steps-title">
            First steps for your shop
          </Title>
          <Text size="sm" c="dark.3">
            {count} of {FIRST_STEPS.length} done. Each is ticked once the shop's data shows it.
          </Text>
        </div>
        <Button variant="default" size="xs" loading={dismiss.isPending} onClick={() => dismiss.mutate({})}>
          Hide this list
        </Button>
      </Group>
      {dismiss.isError && (
        <Text size="sm" c="red.8" mt="xs" role="alert">
          {errorMessage(dismiss.error)}
        </Text>
      )}
      <List spacing="sm" mt="md" center>
        {FIRST_STEPS.map((step) => {
          const isDone = done[step.key];
          return (
            <List.Item
              key={step.key}
              icon={
                <ThemeIcon size={22} radius="xl" color={isDone ? 'teal.8' : 'gray.5'} aria-hidden>
                  {isDone ? '✓' : ''}
                </ThemeIcon>
              }
            >
              <Anchor component={Link} to={step.path} fw={500}>
                {step.label}
              </Anchor>{' '}
              <Text span size="sm" fw={isDone ? 600 : 400} c={isDone ? 'teal.9' : 'dark.3'}>
                {isDone ? 'Done' : 'To do'}
              </Text>
              <Text size="sm" c="dark.3">
                {step.hint}
              </Text>
            </List.Item>
          );
        })}
      </List>
    </Paper>
  );
}
