import { Alert, Button, Stack } from '@mantine/core';
import { Link } from 'react-router';

export function AccessDenied({ message = 'Access denied' }: { message?: string }) {
  return (
    <Stack maw={520} mx="auto" mt="xl">
      <Alert color="red" title={message}>
        You do not have permission to open this page. Ask an administrator if you need it.
      </Alert>
      <Button component={Link} to="/home" variant="light">
        Back to Home
      </Button>
    </Stack>
  );
}
