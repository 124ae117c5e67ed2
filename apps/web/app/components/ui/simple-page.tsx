interface SimplePageProps {
  title: string;
  children: React.ReactNode;
}

/** A page with a title and a short body, for pages whose full content is still to come. */
export function SimplePage({ title, children }: SimplePageProps) {
  return (
    <div className="page">
      <h1 className="page__title">{title}</h1>
      <div className="page__body">{children}</div>
    </div>
  );
}
