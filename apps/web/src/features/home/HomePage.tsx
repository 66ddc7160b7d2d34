import { Image, Paper, Stack, Text, Title } from '@mantine/core';
import { useMe } from '../../api/auth.ts';
import { useBranding } from '../../api/settings.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { FirstSteps } from './FirstSteps.tsx';
import classes from './home.module.css';

export function HomePage() {
  const me = useMe();
  const branding = useBranding();
  return (
    <>
      <PageHeader title="Home" />
      <FirstSteps />
      <Paper p="xl" withBorder>
        <Stack align="center" gap="md">
          <Title order={2}>Welcome, {me.data?.name ?? ''}!</Title>
          <Text c="dimmed" ta="center" maw={560}>
            {branding.data?.name ?? 'Duka'} streamlines construction inventory management: stock, sales, receipts and
            reports in one place.
          </Text>
          <Image
            src={branding.data?.logo || '/logo.svg'}
            fallbackSrc="/logo.svg"
            alt="Logo"
            h={120}
            w="auto"
            className={classes.logo}
          />
        </Stack>
      </Paper>
    </>
  );
}
