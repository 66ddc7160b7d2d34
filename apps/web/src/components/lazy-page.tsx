import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, createContext, Suspense, use, useContext, useEffect } from 'react';
import { afterNextPaint } from '../platform/when-idle.ts';
import { PageLoader } from './PageLoader.tsx';

type ComponentKeys<M> = { [K in keyof M]: M[K] extends ComponentType<any> ? K : never }[keyof M];

/**
 * A lazy screen; `preload()` fetches its chunk ahead of its first render (router.tsx does for the opened page), and
 * `askEarly`, if given, asks its first question then too.
 */
export type Preloadable = { preload?: () => void; askEarly?: (client: QueryClient) => void };

let allStyles: Promise<unknown> | undefined;
/** Mantine's full CSS, fetched once, with the first screen that is not the sign-in page. */
const loadAllStyles = () => {
  allStyles ??= import('./all-styles.ts');
  return allStyles;
};

/**
 * Called once a lazy screen has painted for the first time: the signed-in frame fetches what can wait for its screen
 * (Shell.tsx). A screen outside it tells no one.
 */
export const ScreenPaintedContext = createContext<() => void>(() => {});

/** A promise React's `use` reads at once once it has settled (React marks a thenable's state in these fields). */
type Tracked<T> = Promise<T> & { status?: 'fulfilled'; value?: T };

/**
 * A screen loaded with its own chunk the first time it is opened (the first load carries only the shell
 * and the sign-in page). Takes the module's named export and keeps its props, so pages keep their names and types.
 * The screen shows once its code and every Mantine style are in, so it never flashes unstyled (the sign-in page,
 * `allStyles: false`, needs only index.html's). A chunk already fetched (preloaded) renders in the same pass as its
 * parent instead of suspending once more, which React would hold back for up to 300 ms.
 */
export function lazyPage<M, K extends ComponentKeys<M>>(
  load: () => Promise<M>,
  name: K,
  { allStyles = true }: { allStyles?: boolean } = {},
): M[K] {
  let loading: Tracked<ComponentType<any>> | undefined;
  const preload = () => {
    if (!loading) {
      const promise: Tracked<ComponentType<any>> = Promise.all([load(), allStyles && loadAllStyles()]).then(
        ([module]) => module[name] as ComponentType<any>,
      );
      promise.then(
        (component) => {
          promise.status = 'fulfilled';
          promise.value = component;
        },
        // A chunk that cannot be fetched reaches the screen through use(), which throws it to the error boundary.
        () => undefined,
      );
      loading = promise;
    }
    return loading;
  };
  function Loaded(props: object) {
    const Page = use(preload() as Promise<ComponentType<any>>);
    const onPainted = useContext(ScreenPaintedContext);
    useEffect(() => afterNextPaint(onPainted), [onPainted]);
    return <Page {...props} />;
  }
  function LazyPage(props: object) {
    return (
      <Suspense fallback={<PageLoader />}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  LazyPage.preload = () => void preload();
  return LazyPage as M[K];
}
