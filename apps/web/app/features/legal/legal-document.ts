/** A legal page's text: headed sections under a title, with the date it last changed. */
export interface LegalDocument {
  title: string;
  /** The meta description. */
  summary: string;
  /** ISO date, e.g. 2026-11-22. */
  lastUpdated: string;
  intro: React.ReactNode;
  sections: readonly LegalSection[];
}

export interface LegalSection {
  /** The section's anchor, e.g. `cooling-off`. */
  id: string;
  heading: string;
  body: React.ReactNode;
}
