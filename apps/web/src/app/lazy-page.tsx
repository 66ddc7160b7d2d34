import { type ComponentType, lazy, Suspense } from 'react';
import { PageLoader } from '../components/PageLoader.tsx';

type ComponentKeys<M> = { [K in keyof M]: M[K] extends ComponentType<any> ? K : never }[keyof M];

/**
 * A screen loaded with its own chunk the first time it is opened (issue 12: the first load carries only the shell
 * and the sign-in page). Takes the module's named export and keeps its props, so pages keep their names and types.
 */
export function lazyPage<M, K extends ComponentKeys<M>>(load: () => Promise<M>, name: K): M[K] {
  const Page = lazy(async () => ({ default: (await load())[name] as ComponentType<any> }));
  function LazyPage(props: object) {
    return (
      <Suspense fallback={<PageLoader />}>
        <Page {...props} />
      </Suspense>
    );
  }
  return LazyPage as M[K];
}
