import * as shared from '@duka/shared';
import react from '@vitejs/plugin-react';
import type { OutputBundle, OutputChunk } from 'rollup';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { API_ADDRESSES, chunkOf, SIGNED_IN_FRAME, TILL } from './build-chunks.ts';
import { stableIds } from './build-stable-ids.ts';

// In development the API runs on :3000 (npm start); the built client is served by the server itself.
export default defineConfig({
  plugins: [
    react(),
    stableIds(),
    contractAddresses(),
    listLinks(),
    firstPageWithoutUi(),
    stylesOfBundledComponents(),
    preloadFirstPage(),
    // A service worker that precaches the built app (index.html and every hashed asset, with Workbox's
    // runtime bundled beside it, nothing fetched from elsewhere), so after one visit the app opens with the network
    // off. API calls are never cached: the server stays the authority for stock and money. A new version takes over
    // at once (skipWaiting + clientsClaim) and the page reloads into it, so nobody is kept on an old build.
    VitePWA({
      registerType: 'autoUpdate',
      // Registered from main.tsx: the security policy allows no inline script.
      injectRegister: null,
      // Served by the server (GET /manifest.webmanifest) with the shop's name from the appearance settings.
      manifest: false,
      workbox: {
        // The barcode reader's WebAssembly (~1 MB, the camera scan's fallback) too, so scanning works offline.
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff,woff2,wasm}'],
        // Every file up to 6 MB is kept: the till must still open offline with every screen's code at hand.
        maximumFileSizeToCacheInBytes: 6 * 1024 * 1024,
        navigateFallback: '/index.html',
        // Only the app's own pages fall back to index.html; /api and the manifest always go to the server.
        navigateFallbackDenylist: [/^\/api\//, /^\/sanctum\//, /^\/manifest\.webmanifest$/],
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
  ],
  // The till's catalogue worker (offline/catalogue.worker.ts) calls through the client too.
  worker: { plugins: () => [contractAddresses()] },
  server: { proxy: { '/api': 'http://localhost:3000', '/sanctum': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
    // Vendor libraries in chunks of their own, cached across app releases. Mantine stays with Rollup's split: its
    // components follow the lazy screens that use them.
    // Chunks under 20 KB that only declare (no code run on load) are merged into one loaded alongside them: a
    // signed-in page fetched some 40 files of 1-5 KB, five or six round trips over HTTP/1.1's six connections on a
    // slow phone network before it could show; the dashboard opened from a reload now fetches 42 files, not 54.
    rollupOptions: {
      output: { manualChunks: chunkOf, experimentalMinChunkSize: 20_000 },
      // The shared package only declares (schemas, lists, reports): a module none of whose exports is used is left
      // out, so the sign-in page does not carry every domain's schemas; and a schema it declares (`z.…`) builds
      // nothing but itself, so one no screen uses is left out too.
      treeshake: { moduleSideEffects: (id) => !id.includes('/packages/shared/'), manualPureFunctions: ['z'] },
    },
  },
});

const ADDRESSES = 'virtual:contract-addresses';
/** The module ids Rollup gives them: `API`'s addresses are a module of their own (re-exported by ADDRESSES), so the
 * first page does not load them. */
const ADDRESS_IDS = { groups: `\0${ADDRESSES}`, api: `\0${API_ADDRESSES}` };

/** What the client reads off a contract to call it: no schema (a file answer's content type, which is no schema). */
const addressOf = ({ method, path, access, resource, status, answer }: shared.Endpoint) => ({
  method,
  path,
  access,
  resource,
  ...(status && { status }),
  ...(shared.isFileAnswer(answer) && { answer }),
});

/** A contract, as opposed to a group of them or a function that makes some. */
const isContract = (value: unknown): value is shared.Endpoint =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value;
/** A group of contracts (`authEndpoints`: an object of contracts, or of a list's three). */
const isGroup = (value: unknown): value is object =>
  typeof value === 'object' &&
  value !== null &&
  Object.values(value).every((inner) => isContract(inner) || isGroup(inner));
/** A group's source, each contract replaced by its address. */
const addresses = (group: object): string =>
  `{ ${Object.entries(group)
    .map(
      ([key, inner]) =>
        `${JSON.stringify(key)}: ${isContract(inner) ? JSON.stringify(addressOf(inner)) : addresses(inner)}`,
    )
    .join(', ')} }`;

/**
 * `virtual:contract-addresses`: every group of contracts (`authEndpoints`…) and `API` (all of them by domain) with
 * each endpoint's address alone, and the functions that fill an address in (pathOf, queryStringOf), written from the
 * shared package when the app is built. Every call of the web goes through these. The contracts themselves build
 * their schemas with zod as they load: with them the first page fetched and ran zod and every contract's schemas, and
 * every screen built the answer schemas of all of them, which the web never reads (the contracts' chunk was 105 KB,
 * 63 KB without them: bench/measurements.md, contract addresses). The forms import the schemas they check with from
 * the shared package.
 * The first page's calls (the session, the branding, the dashboard's figures) name their groups; `API`, which names
 * every contract, comes from a module of its own with the screens.
 */
function contractAddresses(): Plugin {
  return {
    name: 'contract-addresses',
    resolveId: (id) => (id === ADDRESSES || id === API_ADDRESSES ? `\0${id}` : undefined),
    load(id) {
      if (id === ADDRESS_IDS.api) {
        const api = Object.entries(shared.API).map(
          ([domain, group]) => `${JSON.stringify(domain)}: ${addresses(group)}`,
        );
        return `export const API = { ${api.join(', ')} };`;
      }
      if (id !== ADDRESS_IDS.groups) return undefined;
      const groups = Object.entries(shared).filter(([name, group]) => name.endsWith('Endpoints') && isGroup(group));
      return [
        ...groups.map(([name, group]) => `export const ${name} = ${addresses(group as object)};`),
        `export { API } from '${API_ADDRESSES}';`,
        // Their own source: they use nothing else of the package.
        `export ${shared.pathOf}`,
        `export ${shared.queryStringOf}`,
      ].join('\n');
    },
  };
}

const LINKS = 'virtual:list-links';

/** A list's or report's declaration (`defineList`), as opposed to the package's other exports. */
const isListDeclaration = (value: unknown): value is shared.ListDeclaration =>
  typeof value === 'object' && value !== null && 'columns' in value && 'row' in value && 'path' in value;

/** What a link to a list's or report's screen reads of its declaration: its path, title and List key. */
const linkOf = ({ path, title, keys }: shared.ListDeclaration) => ({ path, title, keys: { list: keys.list } });

/**
 * `virtual:list-links`: every list's and report's declaration (and every array of them, `SALES_REPORTS`) reduced to
 * what a link to its screen reads (linkOf), written from the shared package when the app is built. A declaration
 * holds its row's schema, so importing one for a link fetched and ran zod and the list's schemas: the dashboard's
 * cards linking to the receivables and payables reports put zod and the frame's schemas, 34 KB of gzip, before its
 * first paint, and the menu fetched every report's (bench/measurements.md, list links).
 */
function listLinks(): Plugin {
  return {
    name: 'list-links',
    resolveId: (id) => (id === LINKS ? `\0${id}` : undefined),
    load(id) {
      if (id !== `\0${LINKS}`) return undefined;
      const links = Object.entries(shared).flatMap(([name, value]) => {
        if (isListDeclaration(value)) return [[name, linkOf(value)]];
        if (Array.isArray(value) && value.length && value.every(isListDeclaration)) return [[name, value.map(linkOf)]];
        return [];
      });
      return links.map(([name, link]) => `export const ${name} = ${JSON.stringify(link)};`).join('\n');
    },
  };
}

/** The app's chunk (main.tsx), which the entry (boot.ts) imports at once on every page. */
const appChunk = (bundle: OutputBundle) =>
  Object.values(bundle).find(
    (chunk): chunk is OutputChunk =>
      chunk.type === 'chunk' && chunk.moduleIds.some((id) => /\/src\/main\.tsx$/.test(id)),
  );

/** The zod module a chunk holds, if any. */
const zodIn = (chunk: OutputChunk) => Object.keys(chunk.modules).find((id) => /\/node_modules\/zod\//.test(id));

/** The chunks a chunk imports statically, directly or not, with itself. */
function staticClosure(bundle: OutputBundle, fileName: string, seen = new Set<string>()): Set<string> {
  const chunk = bundle[fileName];
  if (seen.has(fileName) || chunk?.type !== 'chunk') return seen;
  seen.add(fileName);
  for (const imported of chunk.imports) staticClosure(bundle, imported, seen);
  return seen;
}

/**
 * Fails the build when the first page would load the signed-in screens' components (`ui`, build-chunks.ts): the
 * entry, the app's chunk (main.tsx, loaded on every page) or the sign-in form's imports a ui chunk; when the app's
 * chunks include the sign-in form's or the form library (`forms`); when the first page's chunks hold zod; or when
 * the entry (boot.ts) imports any chunk. The chunks of the signed-in frame, the dashboard and the till must hold
 * neither zod nor the sign-in form's code either, nor import the dialogs' components (`ui-dialogs`).
 */
function firstPageWithoutUi(): Plugin {
  return {
    name: 'first-page-without-ui',
    generateBundle(_options, bundle) {
      const app = appChunk(bundle);
      if (!app) this.error('no chunk starts with src/main.tsx');
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !(chunk.isEntry || chunk === app || chunk.name === 'sign-in')) continue;
        // The entry asks for the sign-in form as soon as it runs: a static import would hold it back.
        if (chunk.isEntry && chunk.imports.length) this.error(`the entry imports ${chunk.imports.join(', ')}`);
        const uiImport = chunk.imports.find((file) => /(^|\/)ui-[\w-]+\.js$/.test(file));
        if (uiImport) this.error(`${chunk.fileName} imports ${uiImport}: a library file it uses is not in libs-start`);
      }
      // The chunks the app's chunk imports are evaluated before it: one importing the app's chunk back would read its
      // names before they exist (a Rollup helper in the app's chunk once made React's chunk do so: "Cannot read
      // properties of undefined (reading 'createContext')", depending on which file arrived first).
      for (const file of staticClosure(bundle, app.fileName)) {
        if (file !== app.fileName && (bundle[file] as OutputChunk).imports.includes(app.fileName))
          this.error(`${file} imports ${app.fileName}, which imports it: the two would read each other's names unset`);
      }
      // A signed-in reload loads the app's chunks, not the sign-in form's nor the form library.
      const signInFile = [...staticClosure(bundle, app.fileName)].find((file) => /(^|\/)(forms|sign-in)-/.test(file));
      if (signInFile) this.error(`${app.fileName} imports ${signInFile}: the app would load the sign-in form's code`);
      // Nor the first page zod, nor the contracts' schemas built with it (contractAddresses).
      const signIn = Object.values(bundle).find((chunk) => chunk.type === 'chunk' && chunk.name === 'sign-in');
      const firstPage = new Set([
        ...staticClosure(bundle, app.fileName),
        ...staticClosure(bundle, signIn?.fileName ?? ''),
      ]);
      for (const file of firstPage) {
        const zod = zodIn(bundle[file] as OutputChunk);
        if (zod)
          this.error(`${file}, loaded by the first page, holds ${zod}: a file it imports uses a contract's schema`);
      }
      // Nor the signed-in frame, its dashboard and the till zod or the sign-in form: they link to reports through
      // their links (listLinks), start the offline till's work from code fetched once the browser is idle, and read
      // the shared package's modules that build no schema (build-chunks.ts, `shared`).
      const screens = Object.values(bundle).filter(
        (chunk): chunk is OutputChunk =>
          chunk.type === 'chunk' && chunk.moduleIds.some((id) => SIGNED_IN_FRAME.test(id) || TILL.test(id)),
      );
      if (screens.length < 3) this.error('no chunk holds the Shell, the dashboard or the till (build-chunks.ts)');
      for (const file of new Set(screens.flatMap((chunk) => [...staticClosure(bundle, chunk.fileName)]))) {
        const zod = zodIn(bundle[file] as OutputChunk);
        if (zod) this.error(`${file}, loaded by the frame or the till, holds ${zod}: a file it imports uses a schema`);
        if (/(^|\/)(forms|sign-in)-/.test(file))
          this.error(`the frame or the till loads ${file}, the sign-in form's code`);
        // The dialogs' and notices' components come once the screen has painted (app/Overlays.tsx).
        if (/(^|\/)ui-dialogs-/.test(file))
          this.error(`the frame or the till loads ${file} before it shows: a library file it uses is in ui-dialogs`);
      }
    },
  };
}

/** A Mantine component's class names (`Button.module.css.mjs`): the bundle holds the component. */
const COMPONENT_CLASSES = /\/node_modules\/@mantine\/core\/esm\/(?:[^/]+\/)+([A-Za-z]+)\.module\.css\.mjs$/;
/** A Mantine component's stylesheet (`@mantine/core/styles/Button.layer.css`), imported by boot.ts or all-styles.ts. */
const COMPONENT_STYLES = /\/node_modules\/@mantine\/core\/styles\/([A-Za-z]+)\.layer\.css$/;

/** Mantine's stylesheets of no one component: the page's base and globals (boot.ts). */
const GLOBAL_STYLES = new Set(['baseline', 'global']);

/**
 * Fails the build when a Mantine component in the bundle has no stylesheet imported (boot.ts for the sign-in page's,
 * components/all-styles.ts for the rest), which would show it unstyled, or when a stylesheet is imported for a
 * component no screen uses: every signed-in first load fetches them all before its screen shows.
 */
function stylesOfBundledComponents(): Plugin {
  return {
    name: 'styles-of-bundled-components',
    apply: 'build',
    generateBundle(_options, bundle) {
      // The components left in a chunk once unused code is dropped: the module graph holds every one Mantine's index
      // lists.
      const bundled = new Set<string>();
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const [id, module] of Object.entries(chunk.modules)) {
          const component = COMPONENT_CLASSES.exec(id)?.[1];
          if (component && module.renderedLength > 0) bundled.add(component);
        }
      }
      const styled = new Set<string>();
      for (const id of this.getModuleIds()) {
        const styles = COMPONENT_STYLES.exec(id)?.[1];
        if (styles) styled.add(styles);
      }
      const unstyled = [...bundled].filter((name) => !styled.has(name));
      if (unstyled.length) this.error(`no stylesheet imported for ${unstyled.join(', ')} (components/all-styles.ts)`);
      const unused = [...styled].filter((name) => !bundled.has(name) && !GLOBAL_STYLES.has(name));
      if (unused.length)
        this.error(`stylesheets of components no screen uses: ${unused.join(', ')} (components/all-styles.ts)`);
    },
  };
}

/**
 * index.html fetches the app's chunks (main.tsx and what it imports) beside the entry (boot.ts), not once the entry
 * has run: the entry imports the app dynamically (and, signed out, the sign-in form beside it, which a signed-in
 * reload does not load), and Vite lists only an entry's static imports in the page.
 */
function preloadFirstPage(): Plugin {
  return {
    name: 'preload-first-page',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const app = context.bundle && appChunk(context.bundle);
        if (!context.bundle || !app) return html;
        const { bundle } = context;
        const files = [...staticClosure(bundle, app.fileName)].filter((file) => !(bundle[file] as OutputChunk).isEntry);
        const tags: HtmlTagDescriptor[] = files.map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head',
        }));
        return { html, tags };
      },
    },
  };
}
