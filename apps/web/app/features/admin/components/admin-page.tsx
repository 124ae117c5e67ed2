import type { ReactNode } from 'react';

/** A back-office screen: its heading, the actions beside it, and its content. */
export function AdminPage({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    // Not a landmark of its own: the page's <main> is the landmark, and a region named like one of its tables
    // would repeat that name (axe landmark-unique).
    <div className="admin-page">
      <header className="admin-page__header">
        <h1 id="admin-page-title" className="admin-page__title">
          {title}
        </h1>
        {actions ? <div className="admin-page__actions">{actions}</div> : null}
      </header>
      {children}
    </div>
  );
}
