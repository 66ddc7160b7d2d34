// Mantine's useId without its second render (vite.config.ts).
import type { Plugin } from 'vite';

/** The file of @mantine/hooks that defines useId, which every input, select, popover and radio of Mantine calls. */
const MANTINE_USE_ID = /\/node_modules\/@mantine\/hooks\/esm\/use-id\/use-id\.mjs$/;

/**
 * Mantine's useId starts from React's id, then replaces it in a layout effect with a random one, to keep server and
 * client renders apart. Duka renders on the client only, and each replacement is a state update inside the commit
 * that mounts a screen: React renders every component that asked for an id, with all it holds, a second time at once,
 * in the same long task. On the till, mounted under a 4× slower CPU, that second render took some 400 ms of a 950 ms
 * task (bench/measurements.md). This build keeps React's id, unique and stable for the component's life, which is
 * what the first render already showed; an id given as a prop still wins. The build stops if Mantine moves the file,
 * so an upgrade cannot drop this silently.
 */
export function stableIds(): Plugin {
  let isReplaced = false;
  return {
    name: 'stable-ids',
    apply: 'build',
    load(id) {
      if (!MANTINE_USE_ID.test(id)) return undefined;
      isReplaced = true;
      return [
        "import { useReactId } from './use-react-id.mjs';",
        'export function useId(staticId) {',
        '  const reactId = useReactId();',
        "  return typeof staticId === 'string' ? staticId : reactId;",
        '}',
      ].join('\n');
    },
    buildEnd(error) {
      if (!error && !isReplaced)
        this.error('@mantine/hooks no longer has esm/use-id/use-id.mjs: see build-stable-ids.ts');
    },
  };
}
