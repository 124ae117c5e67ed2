import { StatusPage } from '~/components/ui/status-page';

/*
 * A part of the page's code that did not arrive (spec 1, §8: "a failed code-chunk load shows a chunk-load
 * message with failure type and address"). The pages load their JavaScript in chunks on demand: a route's
 * client loader, a panel opened later. When the connection drops, or a new release has replaced the
 * chunks an open tab still asks for, the import fails and the error reaches the root error boundary, which
 * says what happened and offers a reload instead of a generic error page.
 */

/** What did not load, and from where. */
export interface ChunkLoadFailure {
  type: 'script' | 'stylesheet';
  /** The chunk's address; null when the browser's message leaves it out (Safari's does). */
  url: string | null;
}

/** The browsers' and Vite's wordings of a failed chunk; the capture, when there is one, is the address. */
const WORDINGS: readonly { type: ChunkLoadFailure['type']; pattern: RegExp }[] = [
  // Vite, when a chunk's stylesheet does not load.
  { type: 'stylesheet', pattern: /^Unable to preload CSS for (\S+)/ },
  // Chromium.
  { type: 'script', pattern: /^Failed to fetch dynamically imported module:?\s*(\S+)?/i },
  // Firefox.
  { type: 'script', pattern: /^error loading dynamically imported module:?\s*(\S+)?/i },
  // Safari.
  { type: 'script', pattern: /^Importing a module script failed/i },
];

/** Errors Vite reported with `vite:preloadError`: chunk failures whatever the browser called them. */
const reportedByVite = new WeakSet<object>();

/**
 * Listens for Vite's `vite:preloadError`, which fires before a failed dynamic import rejects, so that the
 * boundary recognises that error in any browser's words. The import still rejects as usual (no
 * preventDefault): features that catch their own imports keep their own messages. Returns the unsubscribe.
 */
export function watchPreloadErrors(target: Window = window): () => void {
  const remember = (event: Event) => {
    const payload = (event as Event & { payload?: unknown }).payload;
    if (typeof payload === 'object' && payload !== null) reportedByVite.add(payload);
  };
  target.addEventListener('vite:preloadError', remember);
  return () => target.removeEventListener('vite:preloadError', remember);
}

/** An address worth showing: a web URL or a path on this site, without a trailing full stop or bracket. */
function addressIn(text: string | undefined): string | null {
  const address = text?.replace(/[.,;)\]'"]+$/, '');
  if (!address) return null;
  return /^(https?:\/\/|\/)\S+$/.test(address) ? address : null;
}

/** The failed chunk `error` reports, or null when it is some other error. */
export function chunkLoadFailure(error: unknown): ChunkLoadFailure | null {
  if (!(error instanceof Error)) return null;
  for (const { type, pattern } of WORDINGS) {
    const match = pattern.exec(error.message);
    if (match) return { type, url: addressIn(match[1]) };
  }
  if (reportedByVite.has(error)) {
    return { type: 'script', url: addressIn(/(https?:\/\/\S+|\/\S+\.m?js)/.exec(error.message)?.[1]) };
  }
  return null;
}

export const CHUNK_LOAD_TITLE = 'This page could not be loaded';

const FAILURE_TYPES: Record<ChunkLoadFailure['type'], string> = {
  script: 'A script file did not load',
  stylesheet: 'A stylesheet did not load',
};

/** The page the root boundary shows for a failed chunk: the failure's type and address, and a reload. */
export function ChunkLoadFailurePage({
  failure,
  onReload = () => window.location.reload(),
}: {
  failure: ChunkLoadFailure;
  onReload?: () => void;
}) {
  return (
    <StatusPage
      title={CHUNK_LOAD_TITLE}
      message="Part of this page’s code did not arrive. This happens when the connection drops or the shop has just been updated; reloading the page usually fixes it."
    >
      <dl className="status-page__details">
        <dt>Failure</dt>
        <dd>{FAILURE_TYPES[failure.type]}</dd>
        <dt>Address</dt>
        <dd>{failure.url ?? 'Not given by the browser'}</dd>
      </dl>
      <p>
        <button type="button" className="button button--primary" onClick={onReload}>
          Reload the page
        </button>
      </p>
    </StatusPage>
  );
}
