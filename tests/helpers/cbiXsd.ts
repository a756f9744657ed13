/**
 * Validation of a CBI direct-debit request (issue 47) against the CBI consortium's schemas in
 * ../shared/cbi (read from there, never copied), offline with xmllint compiled to WebAssembly: the
 * physical message's schema, with the logical message's schema it imports preloaded under the
 * name the import gives. 00.01.01 also imports the signature schema, which is not published: the
 * import is skipped (its only use is commented out in the schema), as the README there says.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateXML } from 'xmllint-wasm';

export const CBI_DIR = join(process.cwd(), '..', 'shared', 'cbi');
const read = (name: string) => readFileSync(join(CBI_DIR, name), 'utf8');

/** The schema's errors for the request ([] when valid). */
export async function cbiSddErrors(xml: string, version: '00.01.00' | '00.01.01'): Promise<string[]> {
  const body = `CBIBdySDDReq.${version}.xsd`;
  const log = `CBISDDReqLogMsg.${version}.xsd`;
  const res = await validateXML({
    xml: [{ fileName: 'sdd-cbi.xml', contents: xml }],
    schema: [{ fileName: body, contents: read(body) }],
    preload: [{ fileName: log, contents: read(log) }],
  });
  return res.valid ? [] : res.errors.map((e) => e.rawMessage ?? String(e));
}
