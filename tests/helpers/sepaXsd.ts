/**
 * Validation of a SEPA direct-debit file against the ISO schema in ../shared/sepa (not copied into
 * the project), offline, through the server's own schema check (server/areas/eDocuments/xsd.ts).
 */
import { join } from 'node:path';
import { xsdErrors } from '../../server/areas/eDocuments/xsd';

/** pain.008.001.02 beside the project (CI clones ../shared next to it). */
export const PAIN008_XSD = join(process.cwd(), '..', 'shared', 'sepa', 'pain.008.001.02.xsd');

/** The schema's errors for the file ([] when valid). */
export const pain008Errors = (xml: string) => xsdErrors(xml, PAIN008_XSD);
