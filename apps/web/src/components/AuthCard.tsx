import { Box, Center, Image, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useBranding } from '../api/settings.ts';

/** The frame of the public pages: wallpaper, logo and application name from the appearance settings. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const branding = useBranding();
  const wallpaper = branding.data?.wallpaper;
  return (
    <Box
      mih="100vh"
      style={{
        background: wallpaper
          ? `center / cover url(${wallpaper})`
          : 'linear-gradient(135deg, #e7f5ff 0%, #f8f9fa 100%)',
      }}
    >
      <Center mih="100vh" p="md">
        <Paper shadow="md" p="xl" radius="md" w={420} withBorder>
          <Stack align="center" gap={4} mb="md">
            <Image src={branding.data?.logo || '/logo.svg'} fallbackSrc="/logo.svg" alt="Logo" h={56} w="auto" />
            <Text fw={700}>{branding.data?.name ?? 'Duka'}</Text>
            {/* The page's one h1, sized as a card title. */}
            <Title order={1} size="h3">
              {title}
            </Title>
          </Stack>
          {children}
        </Paper>
      </Center>
    </Box>
  );
}
