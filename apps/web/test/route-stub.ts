/** React Router's `createRoutesStub`, taking route modules' own loaders. */
import { createRoutesStub } from 'react-router';

type StubRoute = Parameters<typeof createRoutesStub>[0][number];
type StubContext = Parameters<typeof createRoutesStub>[1];

/**
 * A route module's `loader` or `clientLoader`. The stub's router calls it with the request, the params its
 * path matched and the context; the module's generated types name those params, which a path written in a
 * test cannot prove to TypeScript, so any loader of one argument is taken.
 */
export type ModuleLoader = (args: never) => unknown;

/** What a test renders of a route module: its component and the loader the stub runs. */
export interface RouteModule {
  default: NonNullable<StubRoute['Component']>;
  clientLoader: ModuleLoader;
}

/** A route of `routeStub`: one of `createRoutesStub`'s, whose loader may be a route module's own. */
export interface TestRoute extends Omit<StubRoute, 'loader' | 'children'> {
  loader?: ModuleLoader | undefined;
  children?: TestRoute[];
}

function stubRoute({ loader, children, ...route }: TestRoute): StubRoute {
  return {
    ...route,
    // The one place a module's loader meets the stub's untyped arguments (see ModuleLoader).
    ...(loader && { loader: (args) => loader(args as never) }),
    ...(children && { children: children.map(stubRoute) }),
  } as StubRoute;
}

/**
 * `createRoutesStub` for route modules: a route takes a module's `default`, `ErrorBoundary`, `HydrateFallback`
 * and `loader` or `clientLoader` as they are, without casts. `context` is what server loaders receive.
 */
export function routeStub(routes: TestRoute[], context?: StubContext) {
  return createRoutesStub(routes.map(stubRoute), context);
}
