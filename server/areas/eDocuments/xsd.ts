/**
 * A file checked against its official schema (FatturaPA, SEPA pain.008) (xmllint compiled to WebAssembly, no
 * network): the schema's import of the XML-signature schema is answered by the copy beside it,
 * preloaded under the address the import names. Used by validate_xml when FATTURAPA_XSD is set,
 * and by the tests against ../shared/fatturapa.
 */
import { readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { validateXML } from 'xmllint-wasm';

const DSIG_URL = 'http://www.w3.org/TR/2002/REC-xmldsig-core-20020212/xmldsig-core-schema.xsd';
const loaded = new Map<string, Promise<{ schema: string; dsig: string }>>();

const load = (xsdPath: string) => {
  let p = loaded.get(xsdPath);
  if (!p) {
    // the signature schema only for a schema that imports it (FatturaPA does, pain.008 does not)
    p = readFile(xsdPath, 'utf8').then(async (schema) => ({
      schema,
      dsig: schema.includes(DSIG_URL) ? await readFile(join(dirname(xsdPath), 'xmldsig-core-schema.xsd'), 'utf8') : '',
    }));
    p.catch(() => loaded.delete(xsdPath));
    loaded.set(xsdPath, p);
  }
  return p;
};

/** The schema's errors for the XML ([] when valid). */
export async function xsdErrors(xml: string, xsdPath: string): Promise<string[]> {
  const f = await load(xsdPath);
  const res = await validateXML({
    xml: [{ fileName: 'fattura.xml', contents: xml }],
    schema: [{ fileName: basename(xsdPath), contents: f.schema }],
    preload: f.dsig ? [{ fileName: DSIG_URL, contents: f.dsig }] : [],
  });
  return res.valid ? [] : res.errors.map((e) => e.rawMessage ?? String(e));
}
