// The page's entry, loaded by index.html before anything else. It carries no code of its own but the
// sign-in page's stylesheet (render-blocking in index.html, so the first paint is styled) and starts the app
// (main.tsx, whose chunks index.html fetches beside this one: vite.config.ts lists them), and, signed out, the
// sign-in form, which is not part of the app's chunks.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/Image.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import './app/print.css';

void import('./main.tsx');
// Signed out on the sign-in page: its form (and the form library, not in the app's chunks: a signed-in reload does
// not load it) is fetched beside the app instead of once the app has run. The token's key in local storage is
// platform/session-storage.ts's: importing it would tie this file to the app's chunk.
if (!localStorage.getItem('token') && window.location.pathname === '/') void import('./features/auth/LoginPage.tsx');
