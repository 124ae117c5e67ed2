import { ukLongDate } from '@shop/domain';
import type { LegalDocument } from '../legal-document';

/** A legal document: title, last-updated date, a list of its sections and the sections themselves. */
export function LegalPage({ document }: { document: LegalDocument }) {
  return (
    <article className="page legal">
      <header className="legal__header">
        <h1 className="page__title">{document.title}</h1>
        <p className="legal__updated">
          Last updated: <time dateTime={document.lastUpdated}>{ukLongDate(document.lastUpdated)}</time>
        </p>
        <div className="legal__intro">{document.intro}</div>
      </header>
      <nav className="legal__contents" aria-labelledby="legal-contents">
        <h2 id="legal-contents" className="legal__contents-title">
          On this page
        </h2>
        <ol>
          {document.sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.heading}</a>
            </li>
          ))}
        </ol>
      </nav>
      {document.sections.map((section) => (
        <section
          key={section.id}
          id={section.id}
          className="legal__section"
          aria-labelledby={`${section.id}-title`}
        >
          <h2 id={`${section.id}-title`} className="legal__heading">
            {section.heading}
          </h2>
          {section.body}
        </section>
      ))}
    </article>
  );
}
