// How the web build splits its code into files (vite.config.ts: Rollup's manualChunks).
import path from 'node:path';
import type { ManualChunkMeta, ModuleInfo } from 'rollup';

const VENDOR_CHUNKS: [RegExp, string][] = [
  [/\/node_modules\/(react|react-dom|scheduler)\//, 'react'],
  [/\/node_modules\/(react-router|react-router-dom)\//, 'router'],
  [/\/node_modules\/@tanstack\//, 'tanstack'],
  // The forms' library: the sign-in page and the forms load it, a signed-in reload of a list or the dashboard not.
  [/\/node_modules\/react-hook-form\//, 'forms'],
  // zod, which builds the contracts' schemas: the screens load it, the first page not (its calls go through the
  // contracts' addresses, vite.config.ts; the sign-in form's check is fetched as the visitor types).
  [/\/node_modules\/zod\//, 'zod'],
  // The forms' checks by those schemas, which need both: with zod, a signed-in reload would load the forms' library;
  // with the forms' library, the sign-in page zod.
  [/\/node_modules\/@hookform\//, 'form-checks'],
  // The date fields' calendars (components/dates/calendars.tsx), fetched when a calendar is first opened: left with
  // Mantine, they would grow `ui-screens`, which the till and most screens load.
  [/\/node_modules\/(@mantine\/dates|dayjs)\//, 'dates'],
];

/** Mantine and the libraries under its components (positioning, scroll lock, number and text inputs). */
const UI_LIBRARIES = new RegExp(
  `/node_modules/(${[
    '@mantine',
    '@floating-ui',
    'react-remove-scroll',
    'react-remove-scroll-bar',
    'react-style-singleton',
    'use-callback-ref',
    'use-sidecar',
    'react-number-format',
    'react-textarea-autosize',
    'react-transition-group',
    'tabbable',
    'get-nonce',
    'detect-node-es',
    'tslib',
    'clsx',
  ].join('|')})/`,
);
const LIBRARY = /\/node_modules\//;
/** The web app's own source files. */
const OWN_CODE = /\/apps\/web\/src\//;

/** Mantine's index files: the app imports every component through them, Mantine's own files import each other. */
const UI_INDEXES: Record<string, RegExp> = {
  '@mantine/core': /\/node_modules\/@mantine\/core\/esm\/index\.mjs$/,
  '@mantine/hooks': /\/node_modules\/@mantine\/hooks\/esm\/index\.mjs$/,
  '@mantine/modals': /\/node_modules\/@mantine\/modals\/esm\/index\.mjs$/,
  '@mantine/notifications': /\/node_modules\/@mantine\/notifications\/esm\/index\.mjs$/,
};

/**
 * The signed-in frame: the shell (top bar, menu, offline till), and the dashboard, the overview a manager's visits
 * start from (its period select is the component most screens use too: it no longer needs `ui-screens`).
 */
export const SIGNED_IN_FRAME = /\/src\/(app\/Shell|features\/dashboard\/DashboardPage)\.tsx$/;
/** The dashboard's screen, a chunk of its own: the other screens' reloads do not fetch it. */
const DASHBOARD = /\/src\/features\/dashboard\/DashboardPage\.tsx$/;

/**
 * The till's screen: the app's own code it uses (the sale's parts, the offline copy) goes in `till`. Left to Rollup's
 * merging of small chunks, those modules went into other screens' chunks (the Z report's, a user's page, the goods
 * received page), and the till fetched them with it: 60 KB of gzip more than it uses, zod among them.
 */
export const TILL = /\/src\/features\/sales\/PosPage\.tsx$/;

/** The dialogs and notices mounted beside the signed-in screens (their own lazy chunk, not needed to show one). */
const DIALOGS = /\/src\/app\/Overlays\.tsx$/;

/**
 * The first page: the app every page starts (the entry, boot.ts, imports it at once; index.html fetches its chunks
 * beside) and the sign-in form (boot.ts fetches it beside them when signed out).
 */
const FIRST_PAGE = /\/src\/(boot\.ts|main\.tsx|features\/auth\/LoginPage\.tsx)$/;
const APP = /\/src\/main\.tsx$/;
/**
 * The entry (boot.ts) and Vite's helpers for the dynamic imports, named: Rollup's merging of small chunks
 * (vite.config.ts) does not put other code in a named chunk, and would otherwise fill the small entry with lazy parts
 * and the imports they need, making it wait for the app's chunks (vite.config.ts stops a build where it would).
 */
const ENTRY = /\/web\/index\.html$|\/src\/boot\.ts$|^\0vite\/(preload-helper|modulepreload-polyfill)/;
/**
 * Small lazy parts of the first page's code (the service worker's registration), which Rollup's merging of small
 * chunks (vite.config.ts) would otherwise put in the entry, making it wait for the app's chunks (vite.config.ts stops
 * a build where the entry imports any chunk).
 */
const WITH_APP = /\/src\/offline\/register-sw\.ts$|virtual:pwa-register/;
/**
 * The sign-in form, which boot.ts fetches with the first page (with the `forms` library). The two-factor and
 * forgotten-password pages come when opened: their forms' checks load zod.
 */
const SIGN_IN = /\/src\/(features\/auth\/(LoginPage\.tsx|AuthAlerts\.tsx|captcha\.ts)|components\/AuthCard\.tsx)$/;
/**
 * The other signed-out pages (two-factor, forgotten password, help), which use the sign-in form's card, together:
 * left to Rollup's merging of small chunks, the receipts' print buttons went into the two-factor page's chunk, and the
 * till loaded the sign-in form and the form library through it.
 */
const SIGNED_OUT =
  /\/src\/features\/auth\/(TwoFactorPage\.tsx|ForgotPasswordPage\.tsx|FaqPage\.tsx|use-countdown\.ts)$/;

/**
 * The shared package (contracts, schemas, declarations, formats): what the first page uses, with what that imports, is
 * in the app's chunk (none of it builds a schema: vite.config.ts stops a build where it would); what the signed-in
 * frame uses (formats and constants: it builds no schema either) in `contracts-frame`; of the rest, the modules that
 * build no schema (formats, money and unit arithmetic, payment methods) in `shared`, so that the till, which uses only
 * those, loads no zod; and the schemas and declarations in `contracts`, loaded with the first screen using one. Every
 * schema in a chunk is built when the chunk runs: in the app's chunk, the sign-in page fetched and built them all (a
 * third of a slow phone's start-up scripting); in one chunk with the frame's, the dashboard built every form's (its
 * modules' evaluation task went 171-191 ms -> 108-146 ms of a 4x-slowed CPU without them). The app reaches the package
 * through its index, which lists every module: only the modules defining the names a file imports count
 * (`definingFiles`). Left to Rollup, the index took every module of the package into the app's chunk.
 */
const SHARED = /\/packages\/shared\/src\//;
const ZOD = /\/node_modules\/zod\//;
const SHARED_INDEX = /\/packages\/shared\/src\/index\.ts$/;

/**
 * The module of `API`'s addresses (vite.config.ts, contractAddresses): every contract's method and path, without a
 * schema. In a chunk of their own, loaded with the first screen calling through `API`: the first page's calls name
 * their groups.
 */
export const API_ADDRESSES = 'virtual:contract-addresses/api';

/**
 * Babel's object helpers, which a library under the till's fields (the notice's growing text box) and one under the
 * notices (their transitions) both import. Left with the notices in `ui-dialogs`, they made the till fetch that chunk,
 * 5.7 KB of brotli, before it could show.
 */
const BABEL_HELPERS = /\/node_modules\/@babel\/runtime\//;

/** What positions the frame's menus, tooltips and popovers: a third of its code, fetched beside the rest. */
const POSITIONING = /\/node_modules\/@floating-ui\//;

/**
 * The file a module goes to. Vendor libraries have chunks of their own, cached across app releases. The other
 * libraries the first page (sign-in) uses are in `libs-start`, loaded with it. Of Mantine (with the libraries under
 * it), what the signed-in frame renders is in `ui` and `ui-positioning`, loaded with the shell, the dialogs' and
 * notices' in `ui-dialogs`, loaded beside it, the till's in `ui-till`, and every other component in `ui-screens`,
 * loaded with the first screen using one. Left to Rollup, the frame's components came in some twenty chunks, one per
 * combination of screens using them, and a reload of the dashboard fetched them in four or five rounds over
 * HTTP/1.1's six connections, with the session questions queued behind them; a few files of similar size come in one
 * round. The libraries the first page uses are named too: Rollup moves a module's unnamed imports into the
 * importer's chunk, and one moved into `ui` would make the sign-in page load `ui` whole (an earlier attempt at
 * grouping Mantine was reverted for that; vite.config.ts stops a build where it would).
 */
export function chunkOf(id: string, meta: ManualChunkMeta): string | undefined {
  // The app every page starts, with what it imports and no other chunk takes (the entry, boot.ts, imports it).
  if (APP.test(id) || WITH_APP.test(id)) return 'app';
  if (ENTRY.test(id)) return 'boot';
  if (SIGN_IN.test(id)) return 'sign-in';
  if (SIGNED_OUT.test(id)) return 'signed-out';
  if (id === `\0${API_ADDRESSES}`) return 'addresses';
  let reached = reachedByBuild.get(meta.getModuleInfo);
  if (!reached) {
    reached = {
      atStart: modulesReached(meta, (info) => FIRST_PAGE.test(info.id)),
      // The sign-in chunk comes whole with the first page, all its files' shared code with it.
      withSignIn: modulesReached(meta, (info) => FIRST_PAGE.test(info.id) || SIGN_IN.test(info.id)),
      inFrame: modulesReached(meta, (info) => SIGNED_IN_FRAME.test(info.id)),
      inDialogs: modulesReached(meta, (info) => DIALOGS.test(info.id)),
      inTill: modulesReached(meta, (info) => TILL.test(info.id)),
    };
    reachedByBuild.set(meta.getModuleInfo, reached);
  }
  if (SHARED.test(id)) {
    if (reached.withSignIn.has(id)) return 'app';
    if (reached.inFrame.has(id)) return 'contracts-frame';
    return reachesZod(id, meta.getModuleInfo) ? 'contracts' : 'shared';
  }
  // The app's own code the sign-in form uses goes with the app, as the shared package's does: left to Rollup, a module
  // the screens' forms use too (a 422's messages under the fields) went with the sign-in form, and the till loaded the
  // sign-in form and the form library through it. Its own source files only: Rollup's helpers (`\0commonjsHelpers`)
  // serve the libraries too, and one in the app's chunk made React's chunk and the app's import each other.
  const isOwnScript = OWN_CODE.test(id) && !id.endsWith('.css');
  if (isOwnScript && reached.withSignIn.has(id)) return 'app';
  // The app's own code the frame uses (the session's and lists' calls, the roles) goes in `frame`, loaded with it. Left
  // to Rollup's merging of small chunks, the lists' calls once went into the two-factor page's chunk, and the frame
  // loaded the sign-in form and the form library through it.
  if (isOwnScript && reached.inFrame.has(id) && !DASHBOARD.test(id)) return 'frame';
  // The till's own code, in one chunk (TILL).
  if (isOwnScript && reached.inTill.has(id)) return 'till';
  const vendor = VENDOR_CHUNKS.find(([pattern]) => pattern.test(id))?.[1];
  if (vendor) return vendor;
  // Styles stay where the code importing them puts them (the sign-in page's in index.html, the rest with the first
  // lazy screen, components/all-styles.ts).
  if (!LIBRARY.test(id) || id.endsWith('.css')) return undefined;
  if (reached.atStart.has(id)) return 'libs-start';
  if (reached.inFrame.has(id)) return POSITIONING.test(id) ? 'ui-positioning' : 'ui';
  // With the frame's components, which every signed-in screen loads first: the till and the notices both use them.
  if (BABEL_HELPERS.test(id) && reached.inTill.has(id)) return 'ui';
  // The till's components apart from the other screens': it fetched every screen's (multi-selects, password and file
  // fields, grids) in `ui-screens`, 8 KB of gzip it does not use.
  if (reached.inTill.has(id) && UI_LIBRARIES.test(id)) return 'ui-till';
  if (reached.inDialogs.has(id)) return 'ui-dialogs';
  return UI_LIBRARIES.test(id) ? 'ui-screens' : undefined;
}

/** Whether a module of the shared package imports zod, directly or through the package's other modules. */
function reachesZod(id: string, getModuleInfo: ManualChunkMeta['getModuleInfo'], seen = new Set<string>()): boolean {
  if (seen.has(id)) return false;
  seen.add(id);
  return (getModuleInfo(id)?.importedIds ?? []).some(
    (imported) => ZOD.test(imported) || (SHARED.test(imported) && reachesZod(imported, getModuleInfo, seen)),
  );
}

/** The module graph's answers, worked out once per build (Rollup gives each build its own getModuleInfo). */
const reachedByBuild = new WeakMap<
  object,
  Record<'atStart' | 'withSignIn' | 'inFrame' | 'inDialogs' | 'inTill', Set<string>>
>();

/**
 * The files the modules `isRoot` picks import, directly or not, without a dynamic import() on the way. Through
 * Mantine's and the shared package's index files only the names the importing file asks for are followed: the index
 * lists every component, or every module.
 */
function modulesReached({ getModuleIds, getModuleInfo }: ManualChunkMeta, isRoot: (info: ModuleInfo) => boolean) {
  const seen = new Set<string>();
  const pending = [...getModuleIds()].filter((id) => {
    const info = getModuleInfo(id);
    return info && isRoot(info);
  });
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    const info = getModuleInfo(id);
    for (const imported of info?.importedIds ?? []) {
      const index = Object.entries(UI_INDEXES).find(([, pattern]) => pattern.test(imported));
      if (SHARED_INDEX.test(imported)) {
        pending.push(...definingFiles(imported, namesImported(info?.code ?? '', '@duka/shared'), getModuleInfo));
      } else if (!index) pending.push(imported);
      else pending.push(...exportingFiles(imported, namesImported(info?.code ?? '', index[0]), getModuleInfo));
    }
  }
  return seen;
}

/**
 * The files of the shared package that define `names`, from a file that defines or re-exports them (`export * from`,
 * `export { A as B } from`), as its index does.
 */
function definingFiles(id: string, names: string[], getModuleInfo: ManualChunkMeta['getModuleInfo']): string[] {
  const code = getModuleInfo(id)?.code ?? '';
  const declared = (name: string) =>
    new RegExp(`export\\s+(?:async\\s+)?(?:const|let|var|function\\*?|class)\\s+${name}\\b`).test(code) ||
    [...code.matchAll(/export\s*\{([^}]*)\}(?!\s*from)/g)].some((match) =>
      listedNames(match[1] ?? '').some(([, as]) => as === name),
    );
  const here = names.filter(declared);
  const elsewhere = names.filter((name) => !here.includes(name));
  const files = here.length ? [id] : [];
  if (!elsewhere.length) return files;
  const from = (specifier = '') => path.resolve(path.dirname(id), specifier);
  for (const match of code.matchAll(/export\s*\*\s*from\s*["'](\.[^"']+)["']/g)) {
    files.push(...definingFiles(from(match[1]), elsewhere, getModuleInfo));
  }
  for (const match of code.matchAll(/export\s*\{([^}]*)\}\s*from\s*["'](\.[^"']+)["']/g)) {
    const wanted = listedNames(match[1] ?? '').filter(([, as]) => elsewhere.includes(as));
    if (wanted.length)
      files.push(
        ...definingFiles(
          from(match[2]),
          wanted.map(([name]) => name),
          getModuleInfo,
        ),
      );
  }
  return files;
}

/** The names `code` imports from `specifier` (`import { A, B as C } from 'specifier'`). */
function namesImported(code: string, specifier: string): string[] {
  const pattern = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["']${specifier}["']`, 'g');
  return [...code.matchAll(pattern)].flatMap((match) => listedNames(match[1] ?? '').map(([name]) => name));
}

/** The files an index file takes `names` from (`export { A, B as C } from './file.mjs'`). */
function exportingFiles(indexId: string, names: string[], getModuleInfo: ManualChunkMeta['getModuleInfo']): string[] {
  const code = getModuleInfo(indexId)?.code ?? '';
  const wanted = new Set(names);
  const files: string[] = [];
  for (const match of code.matchAll(/export\s*\{([^}]*)\}\s*from\s*["'](\.[^"']+)["']/g)) {
    const exported = listedNames(match[1] ?? '').map(([, as]) => as);
    if (exported.some((name) => wanted.has(name))) files.push(path.resolve(path.dirname(indexId), match[2] ?? ''));
  }
  return files;
}

/** `A, B as C` → [[A, A], [B, C]]. */
function listedNames(list: string): [string, string][] {
  return list
    .split(',')
    .map((part) => part.trim().replace(/^type\s+/, ''))
    .filter(Boolean)
    .map((part) => {
      const [name = '', as = name] = part.split(/\s+as\s+/);
      return [name, as];
    });
}
