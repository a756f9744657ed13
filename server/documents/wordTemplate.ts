/**
 * Word templates (seed B §3, PRODUCT.md §6): a .docx whose `{tag}`s are replaced with a
 * customer's and the studio's data by docxtemplater with its default parser — a tag is a name
 * looked up in a plain object, never an expression (`{constructor.constructor(…)}` is only an
 * unknown name) — and `nullGetter` (an empty value prints nothing, not "undefined").
 * A template is checked when it is uploaded: a safe zip (no entry outside the package, no
 * inflated size beyond a limit), a document docxtemplater can compile, only known tags.
 */
import PizZip from 'pizzip';
import Docxtemplater, { type DXT } from 'docxtemplater';
import InspectModule from 'docxtemplater/js/inspect-module.js';
import { HttpError } from '../errors.js';

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
const KNOWN = new Set(REPLACE_KEYS.map((k) => k.key));

/** Values of the tags for one document: every known key, '' where the data is missing. */
export type TemplateValues = Record<string, string>;

/** Limits of a template's zip: a zip bomb or a package of thousands of parts is refused. */
const MAX_ENTRIES = 2000;
const MAX_INFLATED = 60 * 1024 * 1024;

const invalidTemplate = (detail: string) => new HttpError(422, `Il modello Word non è valido: ${detail}`);

/** The zip of a .docx, checked: entry names inside the package, declared sizes within the limits. */
function openZip(bytes: Buffer): PizZip {
  let zip: PizZip;
  try { zip = new PizZip(bytes); } catch { throw invalidTemplate('il file non è un documento .docx leggibile'); }
  const entries = Object.values(zip.files) as Array<{ name: string; _data?: { uncompressedSize?: number } }>;
  if (entries.length > MAX_ENTRIES) throw invalidTemplate('il file contiene troppe parti');
  let inflated = 0;
  for (const e of entries) {
    if (e.name.includes('..') || e.name.startsWith('/') || e.name.includes('\\') || /^[a-z]:/i.test(e.name)) {
      throw invalidTemplate('il file contiene percorsi non ammessi');
    }
    inflated += e._data?.uncompressedSize ?? 0;
    if (inflated > MAX_INFLATED) throw invalidTemplate('il contenuto decompresso supera il limite di 60 MB');
  }
  if (!zip.file('word/document.xml')) throw invalidTemplate('il file non è un documento Word (.docx)');
  return zip;
}

interface DocxError { properties?: { id?: string; xtag?: string; explanation?: string; errors?: DocxError[] } }

/** docxtemplater's compile errors in Italian, naming the tag (e.g. a brace left open). */
function compileMessage(err: unknown): string {
  const list = (err as DocxError).properties?.errors ?? [err as DocxError];
  const parts = list.slice(0, 5).map((e) => {
    const p = e.properties ?? {};
    const tag = p.xtag ? ` «${String(p.xtag).slice(0, 40)}»` : '';
    switch (p.id) {
      case 'unclosed_tag': return `una parentesi graffa aperta e mai chiusa${tag}`;
      case 'unopened_tag': return `una parentesi graffa chiusa e mai aperta${tag}`;
      case 'duplicate_open_tag': return `due parentesi graffe aperte di seguito${tag}`;
      case 'duplicate_close_tag': return `due parentesi graffe chiuse di seguito${tag}`;
      case 'unclosed_loop': case 'unopened_loop': case 'closing_tag_does_not_match_opening_tag':
        return `un blocco {#…}{/…} non chiuso correttamente${tag}`;
      default: return `un segnaposto non valido${tag}`;
    }
  });
  return `contiene ${parts.join('; ')}. Ogni campo va scritto tra parentesi graffe, es. {cliente_ragione_sociale}`;
}

function compile(zip: PizZip, modules: DXT.Module[] = []): Docxtemplater {
  try {
    return new Docxtemplater(zip, { paragraphLoop: true, linebreaks: true, nullGetter: () => '', errorLogging: false, modules });
  } catch (err) {
    throw invalidTemplate(compileMessage(err));
  }
}

/** The tags a template uses (every name, loops included), read from the parsed parts (not an object's keys: `__proto__` is a tag too). */
function tagsOf(inspect: InstanceType<typeof InspectModule>): string[] {
  const out: string[] = [];
  const walk = (parts: DXT.Part[]) => {
    for (const p of parts) {
      if (p.type === 'placeholder' && typeof p.value === 'string') out.push(p.value);
      if (Array.isArray(p.subparsed)) walk(p.subparsed);
    }
  };
  walk(inspect.getAllStructuredTags());
  return out;
}

/**
 * Checks an uploaded .docx: 422 with an Italian message when it cannot be filled (not a docx, a
 * broken tag, a tag that is not among REPLACE_KEYS). Answers the tags it uses.
 */
export function checkTemplate(bytes: Buffer): string[] {
  const inspect = new InspectModule();
  compile(openZip(bytes), [inspect]);
  const tags = tagsOf(inspect);
  const unknown = [...new Set(tags.filter((t) => !KNOWN.has(t)))];
  if (unknown.length) {
    const shown = unknown.slice(0, 8).map((t) => `{${t.slice(0, 40)}}`).join(', ');
    throw invalidTemplate(`${unknown.length === 1 ? 'il campo' : 'i campi'} ${shown} non ${unknown.length === 1 ? 'è previsto' : 'sono previsti'}. I campi disponibili sono elencati nella scheda del modello`);
  }
  return tags;
}

/** The template filled with the values (plain text: Word escapes nothing needs escaping by us). */
export function fillTemplate(bytes: Buffer, values: TemplateValues): Buffer {
  const doc = compile(openZip(bytes));
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

