import { absoluteUrl, pageMeta } from '~/lib/seo';
import type { LegalDocument } from './legal-document';

/** A legal page's title, description and canonical URL. */
export function legalMeta(document: LegalDocument, path: string, origin: string | undefined) {
  return pageMeta({
    title: document.title,
    description: document.summary,
    url: origin ? absoluteUrl(origin, path) : undefined,
  });
}
