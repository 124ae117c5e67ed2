interface LoadingStateProps {
  /** The page's heading, shown at once so the page does not jump when it has loaded. */
  title: string;
  label?: string;
}

/** What a client-loaded page shows while the browser prepares it. */
export function LoadingState({ title, label = 'Loading…' }: LoadingStateProps) {
  return (
    <div className="page">
      <h1 className="page__title">{title}</h1>
      <p className="loading-state" role="status">
        <span className="loading-state__spinner" aria-hidden="true" />
        {label}
      </p>
    </div>
  );
}
