/**
 * Word templates (seed B §3, PRODUCT.md §6): a .docx whose `{tag}`s are replaced with a
 * customer's and the studio's data by docxtemplater with its default parser — a tag is a name
 * looked up in a plain object, never an expression (`{constructor.constructor(…)}` is only an
 * unknown name) — and `nullGetter` (an empty value prints nothing, not "undefined").
 * A template is checked when it is uploaded: a safe zip (no entry outside the package, no
 * inflated size beyond a limit, counted while inflating: boundedZip.ts), a document
 * docxtemplater can compile, only known tags, and no raw-XML tag (`{@…}` would put a customer's
 * text into the document's XML unescaped: a field code, a remote image). A stored template is
 * checked again for raw tags before it is filled: one uploaded before the check is never rendered.
 */
import type PizZip from 'pizzip';
import type Docxtemplater from 'docxtemplater';
import type { DXT } from 'docxtemplater';
import type InspectModule from 'docxtemplater/js/inspect-module.js';
import { HttpError } from '../../errors.js';
import { BoundedZip, ZipError } from '../../render/boundedZip.js';

/** Every tag a template may use, with its meaning (C74), grouped as shown to the user. */
export const REPLACE_KEYS: Array<{ key: string; description: string; group: string }> = [
  ...[
    ['cliente_codice', 'Codice del cliente'],
    ['cliente_ragione_sociale', 'Ragione sociale del cliente'],
    ['cliente_partita_iva', 'Partita IVA del cliente'],
    ['cliente_codice_fiscale', 'Codice fiscale del cliente'],
    ['cliente_indirizzo', 'Indirizzo del cliente'],
    ['cliente_cap', 'CAP del cliente'],
    ['cliente_citta', 'Città del cliente'],
    ['cliente_pec', 'PEC del cliente'],
    ['cliente_email', 'Email del cliente'],
    ['cliente_telefono', 'Telefono del cliente'],
    ['cliente_cellulare', 'Cellulare del cliente'],
    ['cliente_fax', 'Fax del cliente'],
    ['cliente_codice_sdi', 'Codice SDI del cliente'],
    ['cliente_forma_giuridica', 'Forma giuridica del cliente'],
    ['cliente_tariffa_annuale', 'Tariffa annuale del cliente (es. 1.200,00)'],
    ['cliente_numero_rate', 'Numero di rate annuali del cliente'],
    ['cliente_data_acquisizione', 'Data di acquisizione del cliente (GG-MM-AAAA)'],
  ].map(([key, description]) => ({ key: key!, description: description!, group: 'Cliente' })),
  ...[
    ['legale_rappresentante_nome', 'Nome del legale rappresentante'],
    ['legale_rappresentante_cognome', 'Cognome del legale rappresentante'],
    ['legale_rappresentante_codice_fiscale', 'Codice fiscale del legale rappresentante'],
    ['legale_rappresentante_indirizzo', 'Indirizzo del legale rappresentante'],
    ['legale_rappresentante_cap', 'CAP del legale rappresentante'],
    ['legale_rappresentante_citta', 'Città del legale rappresentante'],
    ['legale_rappresentante_email', 'Email del legale rappresentante'],
    ['legale_rappresentante_pec', 'PEC del legale rappresentante'],
    ['legale_rappresentante_cellulare', 'Cellulare del legale rappresentante'],
  ].map(([key, description]) => ({ key: key!, description: description!, group: 'Legale rappresentante' })),
  ...[
    ['studio_nome', 'Nome dello studio'],
    ['studio_sottotitolo', 'Sottotitolo dello studio'],
    ['studio_indirizzo', 'Indirizzo dello studio'],
    ['studio_partita_iva', 'Partita IVA dello studio'],
    ['studio_email', 'Email dello studio'],
    ['studio_telefono', 'Telefono dello studio'],
    ['studio_cellulare', 'Cellulare dello studio'],
    ['studio_sito_web', 'Sito web dello studio'],
    ['studio_iban', 'IBAN dello studio'],
    ['studio_citta_firma', 'Città di firma dello studio'],
    ['responsabile_titolo', 'Titolo del responsabile dello studio (es. Dott.)'],
    ['responsabile_nome', 'Nome del responsabile dello studio'],
    ['responsabile_cognome', 'Cognome del responsabile dello studio'],
    ['responsabile_codice_fiscale', 'Codice fiscale del responsabile dello studio'],
    ['responsabile_ordine_numero', "Numero d'iscrizione all'Ordine del responsabile"],
    ['responsabile_ordine_citta', "Città dell'Ordine del responsabile"],
  ].map(([key, description]) => ({ key: key!, description: description!, group: 'Studio' })),
  ...[
    ['data_oggi', 'Data di oggi (GG-MM-AAAA)'],
    ['anno_corrente', "L'anno in corso"],
  ].map(([key, description]) => ({ key: key!, description: description!, group: 'Date' })),
];
/** The placeholders of a reminder (issue 30) beyond REPLACE_KEYS: its texts and the Word letter attached to a level use them. */
export const REMINDER_KEYS: Array<{ key: string; description: string; group: string }> = [
  ['sollecito_livello', 'Livello del sollecito (1, 2 o 3)'],
  ['sollecito_partite', 'Elenco delle partite scadute (scadenza, descrizione, importo da pagare)'],
  ['sollecito_totale', 'Totale scaduto (es. 1.234,56)'],
  ['sollecito_iban', 'IBAN su cui pagare'],
  ['sollecito_causale', 'Causale del bonifico'],
  ['sollecito_link', 'Link alla pagina personale del cliente'],
  ['sollecito_scaduto_dal', 'Data della scadenza più vecchia (GG-MM-AAAA)'],
].map(([key, description]) => ({ key: key!, description: description!, group: 'Sollecito' }));

/**
 * The tags a template may use: REPLACE_KEYS, and the reminder's own (issue 30), which a Word letter
 * attached to a reminder level fills in (elsewhere they print nothing).
 */
const KNOWN = new Set([...REPLACE_KEYS, ...REMINDER_KEYS].map((k) => k.key));

/** Values of the tags for one document: every known key, '' where the data is missing. */
export type TemplateValues = Record<string, string>;

/** Limits of a template's zip: a zip bomb or a package of thousands of parts is refused. */
const MAX_ENTRIES = 2000;
const MAX_INFLATED = 60 * 1024 * 1024;

export interface DocxLibrary {
  PizZip: typeof PizZip;
  Docxtemplater: typeof Docxtemplater;
  InspectModule: typeof InspectModule;
}
let library: Promise<DocxLibrary> | undefined;
/** docxtemplater and pizzip, loaded with the first template checked or filled rather than with the server */
export const docxLibrary = () =>
  (library ??= Promise.all([
    import('pizzip'),
    import('docxtemplater'),
    import('docxtemplater/js/inspect-module.js'),
  ]).then(([z, d, i]) => ({ PizZip: z.default, Docxtemplater: d.default, InspectModule: i.default })));

const invalidTemplate = (detail: string) => new HttpError(422, `Il modello Word non è valido: ${detail}`);

/**
 * The zip of a .docx, checked: entry names inside the package, at most MAX_ENTRIES parts and
 * MAX_INFLATED bytes once inflated — counted while inflating, never read from the zip's directory
 * (which may lie). The PizZip handed to docxtemplater is made of those inflated parts only.
 */
export function openDocx(lib: DocxLibrary, bytes: Buffer, invalid = invalidTemplate): PizZip {
  const zip = new lib.PizZip();
  try {
    const bounded = new BoundedZip(bytes, { maxBytes: MAX_INFLATED, maxEntries: MAX_ENTRIES });
    if (!bounded.has('word/document.xml')) throw invalid('il file non è un documento Word (.docx)');
    for (const name of bounded.names()) {
      if (name.endsWith('/')) continue;
      zip.file(name, bounded.read(name)!, { binary: true });
    }
  } catch (e) {
    if (!(e instanceof ZipError)) throw e;
    if (e.problem === 'tooLarge')
      throw invalid(`il contenuto decompresso supera il limite di ${MAX_INFLATED / 1024 / 1024} MB`);
    if (e.problem === 'tooManyEntries') throw invalid('il file contiene troppe parti');
    if (e.problem === 'badPath') throw invalid('il file contiene percorsi non ammessi');
    throw invalid('il file non è un documento .docx leggibile');
  }
  return zip;
}

interface DocxError {
  properties?: { id?: string; xtag?: string; explanation?: string; errors?: DocxError[] };
}

/** docxtemplater's compile errors in Italian, naming the tag (e.g. a brace left open); `example` is a tag of the template's own list. */
export function compileMessage(err: unknown, example = 'cliente_ragione_sociale'): string {
  const list = (err as DocxError).properties?.errors ?? [err as DocxError];
  const parts = list.slice(0, 5).map((e) => {
    const p = e.properties ?? {};
    const tag = p.xtag ? ` «${String(p.xtag).slice(0, 40)}»` : '';
    switch (p.id) {
      case 'unclosed_tag':
        return `una parentesi graffa aperta e mai chiusa${tag}`;
      case 'unopened_tag':
        return `una parentesi graffa chiusa e mai aperta${tag}`;
      case 'duplicate_open_tag':
        return `due parentesi graffe aperte di seguito${tag}`;
      case 'duplicate_close_tag':
        return `due parentesi graffe chiuse di seguito${tag}`;
      case 'raw_tag_outerxml_invalid':
      case 'raw_xml_tag_should_be_only_text_in_paragraph':
        return `un segnaposto con @${tag}, che inserirebbe il testo senza controllo e non è ammesso (scrivi il campo senza @)`;
      case 'unclosed_loop':
      case 'unopened_loop':
      case 'closing_tag_does_not_match_opening_tag':
        return `un blocco {#…}{/…} non chiuso correttamente${tag}`;
      default:
        return `un segnaposto non valido${tag}`;
    }
  });
  return `contiene ${parts.join('; ')}. Ogni campo va scritto tra parentesi graffe, es. {${example}}`;
}

/** The template compiled by docxtemplater as every template of the product is (no evaluation, an empty value prints nothing); its errors in Italian through `invalid`. */
export function compileDocx(
  lib: DocxLibrary,
  zip: PizZip,
  modules: DXT.Module[] = [],
  invalid = invalidTemplate,
  example?: string,
): Docxtemplater {
  try {
    return new lib.Docxtemplater(zip, {
      paragraphLoop: true,
      linebreaks: true,
      nullGetter: () => '',
      errorLogging: false,
      modules,
    });
  } catch (err) {
    throw invalid(compileMessage(err, example));
  }
}

/**
 * The tags a template uses (every name, loops included), read from the parsed parts (not an
 * object's keys: `__proto__` is a tag too); `raw` are the raw-XML ones (`{@…}`).
 */
function tagsOf(inspect: InstanceType<typeof InspectModule>): { tags: string[]; raw: string[] } {
  const tags: string[] = [];
  const raw: string[] = [];
  const walk = (parts: DXT.Part[]) => {
    for (const p of parts) {
      if (p.type === 'placeholder' && typeof p.value === 'string') (p.module === 'rawxml' ? raw : tags).push(p.value);
      if (Array.isArray(p.subparsed)) walk(p.subparsed);
    }
  };
  walk(inspect.getAllStructuredTags());
  return { tags, raw };
}

/** 422 when the template has a raw-XML tag: its value would go into the document unescaped. */
function refuseRawTags(raw: string[]) {
  if (!raw.length) return;
  const shown = [...new Set(raw)]
    .slice(0, 5)
    .map((t) => `{@${t.slice(0, 40)}}`)
    .join(', ');
  const plain = raw[0]!.slice(0, 40).trim() || 'cliente_ragione_sociale';
  const one = new Set(raw).size === 1;
  throw invalidTemplate(
    `${one ? 'il segnaposto' : 'i segnaposto'} ${shown} ${one ? 'inserisce' : 'inseriscono'} il testo nel documento senza controllo e non ${one ? 'è ammesso' : 'sono ammessi'}: scrivi il campo senza @, es. {${plain}}`,
  );
}

/**
 * Checks an uploaded .docx: 422 with an Italian message when it cannot be filled (not a docx, a
 * broken tag, a tag that is not among REPLACE_KEYS). Answers the tags it uses.
 */
export async function checkTemplate(bytes: Buffer): Promise<string[]> {
  const lib = await docxLibrary();
  const inspect = new lib.InspectModule();
  compileDocx(lib, openDocx(lib, bytes), [inspect]);
  const { tags, raw } = tagsOf(inspect);
  refuseRawTags(raw);
  const unknown = [...new Set(tags.filter((t) => !KNOWN.has(t)))];
  if (unknown.length) {
    const shown = unknown
      .slice(0, 8)
      .map((t) => `{${t.slice(0, 40)}}`)
      .join(', ');
    throw invalidTemplate(
      `${unknown.length === 1 ? 'il campo' : 'i campi'} ${shown} non ${unknown.length === 1 ? 'è previsto' : 'sono previsti'}. I campi disponibili sono elencati nella scheda del modello`,
    );
  }
  return tags;
}

/**
 * The filler of a template: each call answers it filled with one customer's values (plain text:
 * Word escapes nothing needs escaping by us).
 */
export async function templateFiller(bytes: Buffer): Promise<(values: TemplateValues) => Buffer> {
  const lib = await docxLibrary();
  return (values) => fillTemplate(lib, bytes, values);
}

function fillTemplate(lib: DocxLibrary, bytes: Buffer, values: TemplateValues): Buffer {
  const inspect = new lib.InspectModule();
  const doc = compileDocx(lib, openDocx(lib, bytes), [inspect]);
  // a template stored before raw tags were refused is never rendered
  refuseRawTags(tagsOf(inspect).raw);
  // only own, known keys: a tag never reaches Object.prototype
  const data: Record<string, string> = Object.create(null);
  for (const key of KNOWN) data[key] = values[key] ?? '';
  try {
    doc.render(data);
  } catch (err) {
    throw invalidTemplate(compileMessage(err));
  }
  return doc.getZip().generate({ type: 'nodebuffer', compression: 'DEFLATE' }) as Buffer;
}
