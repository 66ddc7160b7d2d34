// Every Mantine style, in the `mantine` CSS layer so the app's own styles win whatever order they arrive in. The
// sign-in page's first paint needs only the few components it shows (main.tsx); this full set comes with the first
// lazy screen or the signed-in shell (lazy-page.tsx), before it is shown (issue 12).
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
