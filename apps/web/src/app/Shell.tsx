import {
  ActionIcon,
  AppShell,
  Burger,
  Group,
  Image,
  Menu,
  Text,
  Tooltip,
  UnstyledButton,
  useMantineTheme,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useMe } from '../api/auth.ts';
import { subscribeUnauthenticated } from '../api/client.ts';
import { usePermissions } from '../api/permissions.ts';
import { useBranding } from '../api/settings.ts';
import { ScreenPaintedContext } from '../components/lazy-page.tsx';
import { PinIcon } from '../components/PinIcon.tsx';
import { BackupFailureBanner } from '../features/backups/BackupFailureBanner.tsx';
import { ConnectionIndicator } from '../offline/ConnectionIndicator.tsx';
import { screenPainted, screenShownAnyway } from '../platform/screen-shown.ts';
import { rememberedRole, rememberRole } from '../platform/session-storage.ts';
import { startAfterScreen } from '../platform/start-after-screen.ts';
import { useOnceTrue } from '../platform/use-once-true.ts';
import { useStoredState } from '../platform/use-stored-state.ts';
import { MainMenu } from './MainMenu.tsx';
import { SessionMonitor } from './SessionMonitor.tsx';
import { useLogout } from './use-logout.ts';

/** When the work that waits for the screen starts if no lazy screen has painted by then (platform/screen-shown.ts). */
const SCREEN_SHOWN_AT_THE_LATEST_MS = 5_000;

// The signed-in layout: top bar, left menu filtered by permission, page, footer.
export function Shell() {
  const [opened, { toggle, close }] = useDisclosure(true);
  // On a phone the menu would cover the page: closed at first and after every navigation.
  const [isPhoneMenuOpen, setPhoneMenuOpen] = useState(false);
  // Read while rendering, not in an effect: read in an effect, the stored value came back as an update that built
  // the whole shell a second time in the task that opens it.
  const [pinned, setPinned] = useStoredState('sidebarPinned', true);
  const me = useMe();
  const { can } = usePermissions();
  const branding = useBranding();
  const location = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const confirmLogout = useLogout();
  // The menu's links are built the first time the menu shows, then kept. A phone's menu starts closed: built anyway,
  // it was some 800 components and 300 elements added after every reload for nothing (bench/measurements.md). The
  // width is read at once, not in an effect, as the layout reads it.
  const isWide = useMediaQuery(`(min-width: ${useMantineTheme().breakpoints.sm})`, undefined, {
    getInitialValueInEffect: false,
  });
  const isMenuBuilt = useOnceTrue(isWide ? opened : isPhoneMenuOpen);

  useEffect(() => {
    if (me.data?.role_name) rememberRole(me.data.role_name);
  }, [me.data?.role_name]);
  // The dialogs and notices (app/router.tsx), like the background work below, come once the screen has shown
  // (ScreenPaintedContext, below, tells of its paint), not with the frame alone; at the latest after a few seconds.
  useEffect(() => {
    const timer = setTimeout(screenShownAnyway, SCREEN_SHOWN_AT_THE_LATEST_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    const unsubscribe = subscribeUnauthenticated(() => {
      client.clear();
      navigate('/', { replace: true });
    });
    return () => {
      unsubscribe();
    };
  }, [client, navigate]);

  // The till's local copy for selling offline, kept fresh for whoever may sell. Its code and the outbox sender's
  // (the sale calls, their schemas) are fetched once the browser is idle: the screen being opened neither waits for
  // them nor shares the network with them.
  const canSell = can('salesPOS');
  useEffect(
    () =>
      canSell
        ? startAfterScreen(() => import('../offline/catalogue.ts').then((module) => module.startCatalogueRefresh()))
        : undefined,
    [canSell],
  );
  // The outbox goes out under the signed-in user only: another cashier's offline sales wait for that cashier.
  const userId = me.data?.id;
  useEffect(
    () =>
      userId
        ? startAfterScreen(() => import('../offline/sender.ts').then((module) => module.startOutboxSender(userId)))
        : undefined,
    [userId],
  );

  // An unpinned menu folds away after each navigation, leaving the page the whole width.
  const { pathname } = location;
  useEffect(() => {
    if (!pinned && pathname) close();
  }, [pathname, pinned, close]);
  useEffect(() => {
    if (pathname) setPhoneMenuOpen(false);
  }, [pathname]);

  const appName = branding.data?.name ?? 'Duka';

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 250, breakpoint: 'sm', collapsed: { mobile: !isPhoneMenuOpen, desktop: !opened } }}
      footer={{ height: 40 }}
      padding="md"
    >
      <AppShell.Header className="no-print">
        {/* One line on any screen: on a phone the shop's and the user's names are cut short (the whole name stays in
            their title) rather than wrapping below the bar, over the page's breadcrumb. */}
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger opened={opened} onClick={toggle} size="sm" aria-label="Toggle menu" visibleFrom="sm" />
            <Burger
              opened={isPhoneMenuOpen}
              onClick={() => setPhoneMenuOpen((isOpen) => !isOpen)}
              size="sm"
              aria-label="Toggle menu"
              hiddenFrom="sm"
            />
            {/* Pinning keeps the side menu open on a wide screen; a phone's menu closes on every move anyway. */}
            <Tooltip label={pinned ? 'Unpin menu' : 'Pin menu'}>
              <ActionIcon
                visibleFrom="sm"
                variant={pinned ? 'filled' : 'subtle'}
                onClick={() => setPinned(!pinned)}
                aria-label="Pin menu"
              >
                <PinIcon />
              </ActionIcon>
            </Tooltip>
            <Image
              src={branding.data?.logo || '/logo.svg'}
              fallbackSrc="/logo.svg"
              alt={`${appName} logo`}
              h={36}
              w="auto"
            />
            <Text fw={700} truncate="end" title={appName}>
              {appName}
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
            <ConnectionIndicator />
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                {/* The name a screen reader hears starts with the name on screen (WCAG 2.5.3). */}
                <UnstyledButton aria-label={`${me.data?.name ?? '…'}, user menu`}>
                  <Group gap={4} wrap="nowrap">
                    <Text fw={500} truncate="end" maw={{ base: 120, sm: 260 }} title={me.data?.name}>
                      {me.data?.name ?? '…'}
                    </Text>
                    <span aria-hidden="true">▾</span>
                  </Group>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item component={Link} to="/profile">
                  Profile
                </Menu.Item>
                <Menu.Item component={Link} to="/usersettings">
                  Settings
                </Menu.Item>
                <Menu.Divider />
                <Menu.Item color="red" onClick={confirmLogout}>
                  Logout
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="xs" className="no-print" aria-label="Main menu">
        <Text size="xs" c="dimmed" tt="uppercase" fw={700} px="sm" py={6}>
          {me.data?.role_name ?? rememberedRole() ?? ''}
        </Text>
        {isMenuBuilt && <MainMenu can={can} />}
      </AppShell.Navbar>

      <AppShell.Main>
        <SessionMonitor />
        <BackupFailureBanner />
        <ScreenPaintedContext value={screenPainted}>
          <Outlet />
        </ScreenPaintedContext>
      </AppShell.Main>

      <AppShell.Footer className="no-print">
        <Text size="sm" c="dimmed" ta="center" lh="40px">
          © {new Date().getFullYear()} {appName}. All rights reserved.
        </Text>
      </AppShell.Footer>
    </AppShell>
  );
}
