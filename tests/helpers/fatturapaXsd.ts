/**
 * Validation of a FatturaPA XML against the official schema in ../shared/fatturapa (not copied
 * into the project), offline, through the server's own schema check (server/areas/eDocuments/xsd.ts).
 */
import { join } from 'node:path';
import { xsdErrors } from '../../server/areas/eDocuments/xsd';

/** The official schema beside the project (CI clones ../shared next to it). */
export const OFFICIAL_XSD = join(
  process.cwd(),
  '..',
  'shared',
  'fatturapa',
  'Schema_del_file_xml_FatturaPA_v1.2.2.xsd',
);

/** The schema's errors for the XML ([] when valid). */
export const fatturapaErrors = (xml: string) => xsdErrors(xml, OFFICIAL_XSD);
