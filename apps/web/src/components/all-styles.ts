// Every Mantine style the app uses, in the `mantine` CSS layer so the app's own styles win whatever order they arrive
// in. The sign-in page's first paint needs only the few components it shows (boot.ts, in index.html's stylesheet);
// this file adds every other component's the bundle holds, in the order of Mantine's styles.layer.css, and comes with
// the first lazy screen or the signed-in shell (lazy-page.tsx), before it is shown. It imported styles.layer.css
// whole, which repeated the globals and the sign-in page's components (~9 KB gzip of a signed-in reload's first
// bytes), then every component's, 8 KB of gzip for some thirty no screen uses: the build checks the list against
// the bundle (vite.config.ts, stylesOfBundledComponents).
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Accordion.layer.css';
import '@mantine/core/styles/Menu.layer.css';
import '@mantine/core/styles/AppShell.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/CheckboxCard.layer.css';
import '@mantine/core/styles/CheckboxIndicator.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Breadcrumbs.layer.css';
import '@mantine/core/styles/Burger.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Code.layer.css';
import '@mantine/core/styles/Container.layer.css';
import '@mantine/core/styles/Divider.layer.css';
import '@mantine/core/styles/Fieldset.layer.css';
import '@mantine/core/styles/Grid.layer.css';
import '@mantine/core/styles/List.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Pill.layer.css';
import '@mantine/core/styles/PillsInput.layer.css';
import '@mantine/core/styles/NavLink.layer.css';
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/Progress.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import '@mantine/core/styles/RadioCard.layer.css';
import '@mantine/core/styles/RadioIndicator.layer.css';
import '@mantine/core/styles/Tooltip.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/ThemeIcon.layer.css';
import '@mantine/notifications/styles.layer.css';
