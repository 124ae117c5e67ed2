import type { ReactNode } from 'react';
import { Link, redirect } from 'react-router';
import { AdminPage } from './admin-page';
import { LoadingState } from '~/components/ui/loading-state';
import { ApiError } from '~/lib/api-client';
import { loginPath } from '~/lib/guards';
import { idParam } from '~/lib/route-id';
import { type RouteFailure, type RouteLoaded, routeLoad } from '~/lib/route-load';

/**
 * How every back-office screen reads its data. Its clientLoader answers `adminLoad(request, read)`; its
 * component shows `LoadFailed` (the whole screen) or `LoadFailure` (in place of a list, below its filters)
 * when the state is 'failed'; its HydrateFallback is `AdminLoading`.
 */

/** A loader's answer: the data, or why it could not be read (the API's status, message and field errors). */
export type AdminLoaded<T> = RouteLoaded<T>;

export type LoadFailedState = RouteFailure;

const NOT_FOUND = 'This was not found; it may have been deleted.';

/**
 * Runs a screen's reads. A visitor without a token, or whose session has ended (401), goes to the login page,
 * which sends them back; a cancelled load is re-thrown (the router has moved on); any other failure becomes
 * the screen's 'failed' state.
 */
export async function adminLoad<T>(request: Request, read: () => Promise<T>): Promise<AdminLoaded<T>> {
  const loaded = await routeLoad(request, read, { failure: adminFailure, endedSession: 'page' });
  if (loaded.state === 'failed' && loaded.status === 401) throw redirect(loginPath(request));
  return loaded;
}

function adminFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return NOT_FOUND;
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}

/** A route's `:id`: a positive whole number, or a 404 for the screen (without asking the API). */
export function routeId(value: string | undefined): number {
  const id = idParam(value);
  if (id === null) throw new ApiError({ kind: 'response', status: 404, message: NOT_FOUND });
  return id;
}

/** What a screen shows while the browser reads its data for the first time: each route's HydrateFallback. */
export function AdminLoading() {
  return <LoadingState title="Back office" label="Loading the back office…" />;
}

/**
 * Why a screen's data could not be read, announced: "The orders could not be loaded: …", or `missing` when
 * the thing does not exist (404).
 */
export function LoadFailure({
  what,
  failure,
  missing,
}: {
  /** What the screen shows, as the sentence names it: 'orders', 'customer'. */
  what: string;
  failure: LoadFailedState;
  missing?: string;
}) {
  return (
    <p role="alert" className="admin-outcome admin-outcome--error">
      {failure.status === 404 && missing ? missing : `The ${what} could not be loaded: ${failure.message}`}
    </p>
  );
}

/** A screen whose data could not be read: its heading, why, and a way back. */
export function LoadFailed({
  title,
  actions,
  back,
  ...reason
}: {
  title: string;
  actions?: ReactNode;
  back?: { to: string; label: string };
} & Parameters<typeof LoadFailure>[0]) {
  return (
    <AdminPage title={title} actions={actions}>
      <LoadFailure {...reason} />
      {back ? (
        <p>
          <Link to={back.to}>{back.label}</Link>
        </p>
      ) : null}
    </AdminPage>
  );
}
