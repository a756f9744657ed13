/**
 * The sections the parts of the area add to the page 'Documenti dello studio' (documentPages.ts), as
 * they add the home page's tiles: the invoices (invoicePages.ts), the declarations to accept
 * (declarationPages.ts).
 */
import type { AppDeps } from '../../deps.js';
import type { PortalCtx } from './areaSession.js';

/** A section of 'Documenti dello studio' (its HTML, or '' when it has nothing to show), in the order added. */
export type DocumentSection = (deps: AppDeps, ctx: PortalCtx) => Promise<string>;
export const documentSections: DocumentSection[] = [];
export function addDocumentSection(section: DocumentSection) {
  documentSections.push(section);
}
