/// <reference types="vite-plugin-pwa/client" />
import { registerSW } from 'virtual:pwa-register';

// The service worker (vite.config.ts): registered once the page has loaded. With autoUpdate a new version
// activates at once and the page reloads into it, so a till is never left on an old build; the browser looks for a
// new one on every start. Not in development, where Vite serves the files itself.
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  registerSW({ immediate: true });
}
