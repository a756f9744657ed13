/**
 * Demo data (PRODUCT.md §9): the vendor's studio with a SuperAdmin, 'Studio Demo' (Admin,
 * Collaboratore, about 200 customers) and 'Studio Bianchi' (Admin, about 20 customers), so
 * tenant isolation can be seen. Each has its legal statuses, payment methods, bank accounts
 * (valid Italian IBANs), studio services with costs, and tasks. Deterministic: the same data on every fresh database.
 */
import type { Storage } from '../storage/index.js';
import { FILE_KINDS } from '../../model/fileKinds.js';
import { buildDocx } from '../render/docxBuilder.js';
import { sql } from 'drizzle-orm';
import { inTransaction, type Exec } from '../records/exec.js';
import type { Database } from './connection.js';
import { hashPassword } from '../auth/password.js';
import { fiscalCodeCheckChar, vatCheckDigit } from '../../model/validators.js';
import { bootstrap, ROLE_NAMES } from './bootstrap.js';
import { MODELS, modelByName } from '../../model/registry.js';
import type { RoleName } from '../../model/define.js';
import { sampleRow } from './fieldTypes.js';
import { insertMany as insertRows } from '../areas/customerImport/queries.js';
import { accounts } from '../areas/accounts/queries.js';
import { assignments } from '../areas/assignments/queries.js';
import { payslips, type PayslipEntry } from '../areas/payslips/queries.js';
import { idArray } from './sql.js';
import { recountJobs } from '../areas/jobs/queries.js';
import { eDocumentTotals, isWithholdingAgent, payableShares } from '../../model/eDocument.js';
import { fromCents } from '../../model/money.js';
import { today as romeToday } from '../../model/dates.js';
import { italianIban, sepaCreditorId } from '../../model/iban.js';
import { importStatement } from '../areas/collections/bankService.js';
import { realisticStatement, rng } from '../areas/collections/demoStatement.js';
import { camt053 } from '../areas/collections/camtWriter.js';
import { cbiRh } from '../areas/collections/rhWriter.js';
import { DEMO_AML_SERVICE_OF, seedAml } from './demoAml.js';
import { seedEngagements } from './demoEngagements.js';
import { seedPortal } from './demoPortal.js';
import type { Ctx } from '../auth/context.js';
export { italianCin, italianIban } from '../../model/iban.js';
export { rng };

export const DEMO_PASSWORD = 'Demo2026!';
export const DEMO_LOGINS = [
  { email: 'superadmin@gestionale.test', role: 'SuperAdmin', studio: 'Gestionale Studi (fornitore)' },
  { email: 'admin@studiodemo.test', role: 'Admin', studio: 'Studio Demo' },
  { email: 'collaboratore@studiodemo.test', role: 'Collaboratore', studio: 'Studio Demo' },
  { email: 'admin@studiobianchi.test', role: 'Admin', studio: 'Studio Bianchi' },
];

/** what tells apart two firms of the same surname and trade */
const QUALIFIERS = [
  'Nord',
  'Sud',
  'Italia',
  'Group',
  'Service',
  'Tecnica',
  'Veneta',
  'Lombarda',
  'Adriatica',
  'Tirrenica',
];

const SURNAMES = [
  'Rossi',
  'Russo',
  'Ferrari',
  'Esposito',
  'Bianchi',
  'Romano',
  'Colombo',
  'Ricci',
  'Marino',
  'Greco',
  'Bruno',
  'Gallo',
  'Conti',
  'De Luca',
  'Mancini',
  'Costa',
  'Giordano',
  'Rizzo',
  'Lombardi',
  'Moretti',
  'Barbieri',
  'Fontana',
  'Santoro',
  'Mariani',
  'Rinaldi',
  'Caruso',
  'Ferrara',
  'Galli',
  'Martini',
  'Leone',
  'Longo',
  'Gentile',
  'Martinelli',
  'Vitale',
  'Lombardo',
  'Serra',
  'Coppola',
  'De Santis',
  "D'Angelo",
  'Marchetti',
];
const MALE = [
  'Marco',
  'Giuseppe',
  'Luca',
  'Francesco',
  'Alessandro',
  'Andrea',
  'Matteo',
  'Lorenzo',
  'Davide',
  'Stefano',
  'Paolo',
  'Roberto',
  'Giovanni',
  'Antonio',
  'Fabio',
];
const FEMALE = [
  'Giulia',
  'Francesca',
  'Chiara',
  'Sara',
  'Laura',
  'Valentina',
  'Elena',
  'Anna',
  'Martina',
  'Silvia',
  'Paola',
  'Federica',
  'Alessia',
  'Roberta',
  'Maria',
];
const CITIES: Array<[string, string, string, string]> = [
  ['Roma', '00184', 'RM', 'H501'],
  ['Milano', '20121', 'MI', 'F205'],
  ['Torino', '10121', 'TO', 'L219'],
  ['Napoli', '80133', 'NA', 'F839'],
  ['Bologna', '40121', 'BO', 'A944'],
  ['Firenze', '50123', 'FI', 'D612'],
  ['Bari', '70121', 'BA', 'A662'],
  ['Verona', '37121', 'VR', 'L781'],
  ['Padova', '35122', 'PD', 'G224'],
  ['Brescia', '25121', 'BS', 'B157'],
  ['Parma', '43121', 'PR', 'G337'],
  ['Modena', '41121', 'MO', 'F257'],
  ['Perugia', '06121', 'PG', 'G478'],
  ['Pescara', '65121', 'PE', 'G482'],
  ['Trento', '38122', 'TN', 'L378'],
  ['Lecce', '73100', 'LE', 'E506'],
];
const STREETS = [
  'Via Roma',
  'Corso Italia',
  'Via Garibaldi',
  'Via Mazzini',
  'Piazza della Repubblica',
  'Via Dante',
  'Viale Europa',
  'Via Cavour',
  'Via Verdi',
  'Corso Vittorio Emanuele II',
];
const SECTORS = [
  'Costruzioni',
  'Impianti Elettrici',
  'Trasporti',
  'Consulenze',
  'Ristorazione',
  'Informatica',
  'Arredamenti',
  'Immobiliare',
  'Commercio',
  'Servizi',
  'Logistica',
  'Meccanica',
  'Abbigliamento',
  'Farmaceutica',
  'Agricola',
  'Edilizia',
  'Tipografia',
  'Ottica',
  'Autofficina',
  'Studio Tecnico',
];
const LEGAL_STATUSES: Array<[string, string]> = [
  ['SRL', 'Società a responsabilità limitata'],
  ['SRLS', 'Società a responsabilità limitata semplificata'],
  ['SPA', 'Società per azioni'],
  ['SAS', 'Società in accomandita semplice'],
  ['SNC', 'Società in nome collettivo'],
  ['DI', 'Ditta individuale'],
  ['LP', 'Libero professionista'],
  ['ASS', 'Associazione'],
  ['COOP', 'Società cooperativa'],
];
const PAYMENT_METHODS: Array<[string, string]> = [
  ['BON', 'Bonifico bancario'],
  ['RID', 'Addebito diretto SEPA'],
  ['CONT', 'Contanti'],
  ['ASS', 'Assegno'],
  ['CARTA', 'Carta di credito'],
  ['POS', 'Pagamento POS'],
];
/** Banks of the demo accounts: code, name, ABI, CAB. */
const BANKS: Array<[string, string, string, string]> = [
  // the first is the studio's own account ('Il mio studio' gives its IBAN): the SDD collections credit it
  ['BPER', 'BPER Banca — conto incassi', '05428', '11101'],
  ['INTESA', 'Intesa Sanpaolo — conto principale', '03069', '03204'],
  ['UNICREDIT', 'UniCredit — conto incassi', '02008', '05077'],
  ['BPM', 'Banco BPM — conto F24', '05034', '01633'],
];
/** Studio services: code, description, cost, index of the bank account (null: none), note. */
const STUDIO_SERVICES: Array<[string, string, number, number | null, string | null]> = [
  ['CONT_ORD', 'Tenuta contabilità ordinaria', 2400, 0, 'Canone annuo, fatturato in rate secondo il contratto.'],
  ['CONT_SEMPL', 'Tenuta contabilità semplificata', 1200, 0, null],
  ['DICH_REDD', 'Dichiarazione dei redditi', 350, 1, null],
  ['MOD_730', 'Modello 730', 90, 1, null],
  ['CEDOLINI', 'Elaborazione cedolini', 18.5, 2, 'Costo per cedolino mensile.'],
  ['CONS_FISC', 'Consulenza fiscale', 120, 1, 'Tariffa oraria.'],
  ['BILANCIO', "Redazione bilancio d'esercizio", 950, 0, null],
  ['F24', 'Predisposizione e invio F24', 25, null, null],
];
/** Tasks (sotto adempimenti) of the studio jobs: code, name. */
const TASKS: Array<[string, string]> = [
  ['RACCOLTA_DOC', 'Raccolta documenti'],
  ['REGISTRAZIONE', 'Registrazione movimenti'],
  ['QUADRATURA', 'Quadratura'],
  ['CALCOLO_IMPOSTE', 'Calcolo imposte'],
  ['CONTROLLO', 'Controllo del cliente'],
  ['FIRMA', 'Firma e impegno alla trasmissione'],
  ['INVIO_TEL', 'Invio telematico'],
  ['RICEVUTA', 'Ricevuta e archiviazione'],
  ['ASSESTAMENTO', 'Scritture di assestamento'],
  ['NOTA_INT', 'Nota integrativa'],
  ['ASSEMBLEA', 'Approvazione in assemblea'],
  ['DEPOSITO', 'Deposito al Registro Imprese'],
  ['F24', 'Predisposizione F24'],
  ['LIQ_IVA', 'Liquidazione IVA'],
  ['QUESTIONARIO', 'Questionario antiriciclaggio'],
  ['DOC_IDENTITA', 'Verifica documenti di identità'],
];

/**
 * The demo studio's compliance jobs (seed B §3): code, name, type (STUDIO_JOB_TYPES cod), the
 * legal statuses they apply to (none: every one) and their sub-tasks (TASKS cod).
 */
const JOBS: Array<[string, string, string, string[], string[]]> = [
  ['730', 'Modello 730', 'DICH', ['LP', 'DI'], ['RACCOLTA_DOC', 'CONTROLLO', 'FIRMA', 'INVIO_TEL']],
  [
    'REDPF',
    'Redditi Persone Fisiche',
    'DICH',
    ['LP', 'DI'],
    ['RACCOLTA_DOC', 'CALCOLO_IMPOSTE', 'FIRMA', 'INVIO_TEL', 'RICEVUTA'],
  ],
  ['REDSP', 'Redditi Società di persone', 'DICH', ['SAS', 'SNC'], ['RACCOLTA_DOC', 'QUADRATURA', 'FIRMA', 'INVIO_TEL']],
  [
    'REDSC',
    'Redditi Società di capitali',
    'DICH',
    ['SRL', 'SRLS', 'SPA', 'COOP'],
    ['QUADRATURA', 'CALCOLO_IMPOSTE', 'FIRMA', 'INVIO_TEL', 'RICEVUTA'],
  ],
  [
    'IVA',
    'Dichiarazione IVA',
    'DICH',
    ['SRL', 'SRLS', 'SPA', 'SAS', 'SNC', 'DI', 'LP', 'COOP'],
    ['REGISTRAZIONE', 'QUADRATURA', 'INVIO_TEL'],
  ],
  [
    'BIL',
    "Bilancio d'esercizio",
    'BIL',
    ['SRL', 'SRLS', 'SPA', 'COOP'],
    ['ASSESTAMENTO', 'NOTA_INT', 'ASSEMBLEA', 'DEPOSITO'],
  ],
  [
    'LIPE',
    'Liquidazioni periodiche IVA',
    'CONT',
    ['SRL', 'SRLS', 'SPA', 'SAS', 'SNC', 'DI', 'LP', 'COOP'],
    ['REGISTRAZIONE', 'LIQ_IVA', 'INVIO_TEL'],
  ],
  ['F24', 'Versamenti F24', 'F24', [], ['CALCOLO_IMPOSTE', 'F24', 'INVIO_TEL']],
  ['CU', 'Certificazione Unica', 'PAGHE', [], ['RACCOLTA_DOC', 'QUADRATURA', 'INVIO_TEL']],
  ['IMU', 'IMU', 'F24', [], ['CALCOLO_IMPOSTE', 'F24']],
  ['AML', 'Adeguata verifica antiriciclaggio', 'ALTRO', [], ['QUESTIONARIO', 'DOC_IDENTITA', 'RICEVUTA']],
];

const FEES = [600, 900, 1200, 1500, 1800, 2400, 3000, 3600, 4800, 6000];
const INSTALLMENTS = [1, 2, 3, 4, 12];

const CONS = (s: string) =>
  s
    .toUpperCase()
    .replace(/[^A-Z]/g, '')
    .replace(/[AEIOU]/g, '');
const VOWS = (s: string) =>
  s
    .toUpperCase()
    .replace(/[^A-Z]/g, '')
    .replace(/[^AEIOU]/g, '');
const surnameCode = (s: string) => (CONS(s) + VOWS(s) + 'XXX').slice(0, 3);
function nameCode(n: string) {
  const c = CONS(n);
  return c.length >= 4 ? c[0] + c[2] + c[3] : (c + VOWS(n) + 'XXX').slice(0, 3);
}
const MONTHS = 'ABCDEHLMPRST';

/** A valid Italian fiscal code for a person. */
export function personFiscalCode(
  surname: string,
  name: string,
  birth: Date,
  female: boolean,
  municipality: string,
): string {
  const day = birth.getUTCDate() + (female ? 40 : 0);
  const first15 =
    surnameCode(surname) +
    nameCode(name) +
    String(birth.getUTCFullYear()).slice(2) +
    MONTHS[birth.getUTCMonth()] +
    String(day).padStart(2, '0') +
    municipality;
  return first15 + fiscalCodeCheckChar(first15);
}

/**
 * A valid Italian VAT number (partita IVA) from a number: its check digit right, issued by the
 * provincial office `office` (digits 8–10; an office that issues none makes a number that passes
 * every check but the tax registry's, as SdI does it: issue 28's simulator rejects it, 00305).
 */
export function vatNumber(n: number, office = '001'): string {
  const first10 = String(n).padStart(7, '0').slice(-7) + office;
  return first10 + vatCheckDigit(first10);
}

function addYears(iso: string, years: number) {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d.toISOString().slice(0, 10);
}

/** today in Rome, as the app and the server count days */
const todayIso = () => romeToday();
/** the first day of the month `months` away from the first of `iso`'s month */
function addMonths(iso: string, months: number) {
  const d = new Date(`${iso.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}

function addDays(iso: string, days: number) {
  return new Date(Date.parse(`${iso}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

async function insertStudio(exec: Exec, values: Record<string, unknown>): Promise<number> {
  const cols = Object.keys(values);
  const rows = await exec(sql`INSERT INTO "studios" (${sql.join(
    cols.map((c) => sql.identifier(c)),
    sql`, `,
  )})
    VALUES (${sql.join(
      cols.map((c) => sql`${values[c]}`),
      sql`, `,
    )}) RETURNING "id"`);
  return Number(rows[0].id);
}

/** Inserts rows given as objects (the columns of the first row; a missing value is NULL); the new ids in order. */
async function insertMany(exec: Exec, table: string, rows: Record<string, unknown>[]): Promise<number[]> {
  if (!rows.length) return [];
  const cols = Object.keys(rows[0]);
  return insertRows(
    exec,
    table,
    cols,
    rows.map((r) => cols.map((c) => r[c] ?? null)),
    200,
  );
}

function studioProfile(
  name: string,
  city: [string, string, string, string],
  manager: [string, string, boolean],
  complete: boolean,
  seed: number,
) {
  const [mName, mSurname, female] = manager;
  const slug = name.toLowerCase().replace(/[^a-z]+/g, '');
  const base: Record<string, unknown> = {
    name,
    email: `info@${slug}.test`,
    address: `${STREETS[seed % STREETS.length]} ${10 + seed}, ${city[1]} ${city[0]} (${city[2]})`,
    tel_number: `+39 0${seed}1 234${seed}67`,
    mobile_number: `+39 33${seed} 123456${seed}`,
    vat_number: vatNumber(9_000_000 + seed),
    iban: STUDIO_IBAN,
    // the SEPA creditor identifier the bank gives for direct debits (from the studio's VAT number)
    sdd_creditor_id: sepaCreditorId(vatNumber(9_000_000 + seed)),
    status: 1,
    subscription_expire_date: addYears(todayIso(), 1),
    manager_name: mName,
    manager_surname: mSurname,
    // the e-invoices' CedentePrestatore (a studio company: its fiscal code is its VAT number)
    fiscal_code: vatNumber(9_000_000 + seed),
    postal_code: city[1],
    city: city[0],
    province: city[2],
    fiscal_regime: 'RF01',
    withholding_tax: complete ? 1 : 0,
    cassa_previdenza: complete ? 1 : 0,
  };
  if (!complete) return base;
  return {
    ...base,
    subtitle: 'Commercialisti e revisori legali',
    fax_number: `+39 0${seed}1 234${seed}68`,
    website: `https://www.${slug}.test`,
    footer_line1: `${name} — P.IVA ${base.vat_number} — ${base.address}`,
    cc_contract: `contratti@${slug}.test`,
    cc_account_balance: `amministrazione@${slug}.test`,
    cc_bollettino: `bollettini@${slug}.test`,
    manager_title: 'Dott.',
    manager_cf: personFiscalCode(mSurname, mName, new Date(Date.UTC(1975, 4, 12)), female, city[3]),
    manager_birth_date: '1975-05-12',
    manager_birth_city: city[0],
    manager_ordine_commercialisti_number: `${1200 + seed}/A`,
    manager_ordine_commercialisti_city: city[0],
    manager_ordine_commercialisti_name: `Ordine dei Dottori Commercialisti e degli Esperti Contabili di ${city[0]}`,
    sign_city: city[0],
    inps_city: city[0],
    direzione_provinciale_city: city[0],
  };
}

/** The demo studios' IBAN ('Il mio studio') and their first bank account's. */
const STUDIO_IBAN = 'IT60X0542811101000000123456';

/** Bank accounts, studio services (with cost and account) and tasks of a studio. */
async function seedMasterData(exec: Exec, studioId: number, seed: number, banks: number) {
  const accountIds = await insertMany(
    exec,
    'bank_accounts',
    BANKS.slice(0, banks).map(([cod, name, abi, cab], i) => ({
      studio_id: studioId,
      cod,
      name,
      iban:
        i === 0
          ? STUDIO_IBAN
          : italianIban(abi, cab, `${String(seed % 1_000_000).padStart(6, '0')}${String(i + 1).padStart(6, '0')}`),
      // what the bank gives for its remote banking (issue 47): the CBI company code and the SIA code
      abi,
      cab,
      cuc: `DEMO${String((seed * 10 + i) % 10_000).padStart(4, '0')}`,
      sia: `S${String((seed * 10 + i) % 10_000).padStart(4, '0')}`,
      sdd_format: 'cbi_00_01_01',
      note: i === 0 ? 'Conto indicato sui bollettini e sulle lettere di bonifico.' : null,
    })),
  );
  await insertMany(
    exec,
    'studio_services',
    STUDIO_SERVICES.map(([cod, description, cost, bank, note]) => ({
      studio_id: studioId,
      cod,
      description,
      cost,
      bank_account_id: bank === null ? null : accountIds[bank % accountIds.length],
      note,
      aml_service: DEMO_AML_SERVICE_OF[cod] ?? null,
    })),
  );
  await insertMany(
    exec,
    'tasks',
    TASKS.map(([cod, name]) => ({ studio_id: studioId, cod, name, note: null })),
  );
}

async function seedStudioData(
  exec: Exec,
  studioId: number,
  count: number,
  seed: number,
  collaboratorIds: number[],
  banks = BANKS.length,
) {
  const rand = rng(seed);
  const pick = <T>(a: T[]) => a[Math.floor(rand() * a.length)];
  const statusIds = await insertMany(
    exec,
    'legal_statuses',
    LEGAL_STATUSES.map(([cod, description]) => ({ studio_id: studioId, cod, description })),
  );
  await insertMany(
    exec,
    'payment_methods',
    PAYMENT_METHODS.map(([cod, description]) => ({ studio_id: studioId, cod, description })),
  );
  await seedMasterData(exec, studioId, seed, banks);
  const reps: Record<string, unknown>[] = [];
  for (let i = 0; i < Math.ceil(count * 0.8); i++) {
    const female = rand() < 0.45;
    const name = pick(female ? FEMALE : MALE);
    const surname = pick(SURNAMES);
    const city = pick(CITIES);
    const birth = new Date(
      Date.UTC(1950 + Math.floor(rand() * 45), Math.floor(rand() * 12), 1 + Math.floor(rand() * 28)),
    );
    const slug = `${name}.${surname}`.toLowerCase().replace(/[^a-z.]/g, '');
    reps.push({
      studio_id: studioId,
      cod: `LR${String(i + 1).padStart(4, '0')}`,
      name,
      surname,
      fiscal_code: personFiscalCode(surname, name, birth, female, city[3]),
      address: `${pick(STREETS)} ${1 + Math.floor(rand() * 150)}`,
      postal_code: city[1],
      city: city[0],
      pec: `${slug}@pec.test`,
      mobile_number: `+39 3${String(Math.floor(rand() * 1e9)).padStart(9, '0')}`,
      email: `${slug}@mail.test`,
    });
  }
  const repIds = await insertMany(exec, 'legal_representatives', reps);
  const customers: Record<string, unknown>[] = [];
  const taken = new Set<string>();
  for (let i = 0; i < count; i++) {
    const repIdx = i % reps.length;
    const rep = reps[repIdx];
    const statusIdx = Math.floor(rand() * LEGAL_STATUSES.length);
    const [form] = LEGAL_STATUSES[statusIdx];
    const person = form === 'DI' || form === 'LP';
    const city = CITIES.find((c) => c[0] === rep.city)!;
    const suffix =
      form === 'SRLS'
        ? 'S.r.l.s.'
        : form === 'SRL'
          ? 'S.r.l.'
          : form === 'SPA'
            ? 'S.p.A.'
            : form === 'SAS'
              ? 's.a.s.'
              : form === 'SNC'
                ? 's.n.c.'
                : form === 'COOP'
                  ? 'Soc. Coop.'
                  : '';
    let business = person
      ? `${rep.surname} ${rep.name}${form === 'LP' ? '' : ` — ${pick(SECTORS)}`}`
      : form === 'ASS'
        ? `Associazione ${pick(SURNAMES)} ${pick(SECTORS)}`
        : `${pick(SURNAMES)} ${pick(SECTORS)} ${suffix}`.trim();
    // two firms of one studio seldom share a name: the second gets a qualifier (no draw: the rest stays the same)
    if (!person) {
      const base = suffix ? business.slice(0, -suffix.length).trim() : business;
      for (let q = 0; taken.has(business.toLowerCase()) && q < QUALIFIERS.length; q++)
        business = `${base} ${QUALIFIERS[(i + q) % QUALIFIERS.length]} ${suffix}`.trim();
    }
    taken.add(business.toLowerCase());
    // one customer in 23 has a VAT number that no office issued (SdI rejects its invoices: 00305)
    const vat = vatNumber(studioId * 100_000 + i * 37 + 1, i % 23 === 11 ? '150' : '001');
    const slug = business
      .toLowerCase()
      .replace(/[^a-z]+/g, '')
      .slice(0, 20);
    const acquired = new Date(
      Date.UTC(2012 + Math.floor(rand() * 14), Math.floor(rand() * 12), 1 + Math.floor(rand() * 28)),
    );
    customers.push({
      studio_id: studioId,
      cod: `C${String(i + 1).padStart(4, '0')}`,
      business_name: business,
      vat_id: vat,
      fiscal_code: person ? rep.fiscal_code : vat,
      address: `${pick(STREETS)} ${1 + Math.floor(rand() * 200)}`,
      postal_code: city[1],
      city: city[0],
      province: city[2],
      pec: `${slug}@pec.test`,
      telephone: `+39 0${String(Math.floor(rand() * 1e9)).padStart(9, '0')}`,
      fax: null,
      mobile_number: rand() < 0.6 ? `+39 3${String(Math.floor(rand() * 1e9)).padStart(9, '0')}` : null,
      email: `${slug}@mail.test`,
      note: rand() < 0.3 ? 'Cliente con contabilità semplificata; documenti consegnati a fine mese.' : null,
      yearly_number_of_installments: pick(INSTALLMENTS),
      yearly_accounting_amount: pick(FEES),
      cedolino_rate: rand() < 0.4 ? pick([12, 15, 18, 20, 25]) : 0,
      acquisition_date: acquired.toISOString().slice(0, 10),
      money_laundering_module_av1_enable_default_values: rand() < 0.5 ? 1 : 0,
      sdi_code: rand() < 0.5 ? '0000000' : ['M5UXCR1', 'KRRH6B9', 'SUBM70N', 'T04ZHR3', 'USAL8PV'][i % 5],
      ceased: rand() < 0.08 ? 1 : 0,
      legal_representative_id: repIds[repIdx],
      legal_status_id: statusIds[statusIdx],
      collaborator_accounting_id: collaboratorIds.length ? pick(collaboratorIds) : null,
      collaborator_studio_jobs_id: collaboratorIds.length ? pick(collaboratorIds) : null,
    });
  }
  // a ceased customer ended on a day after he came (the AML file is kept ten years from it)
  for (const [i, c] of customers.entries())
    c.ceased_on = c.ceased ? maxIso(String(c.acquisition_date), addDays(todayIso(), -(120 + ((i * 53) % 1400)))) : null;
  await insertMany(exec, 'customers', customers);
}

const maxIso = (a: string, b: string) => (a > b ? a : b);

/**
 * Sample rows, from the field-type registry, for every studio-owned model the hand-written
 * demo above does not fill (e.g. the sample entity): a new model shows rows without demo code.
 */
async function seedDeclaredModels(exec: Exec, studioId: number, count: number) {
  for (const m of MODELS) {
    // a model over its area's table (`areaTable`) has columns beyond its fields: its area writes its rows
    if (m.scope !== 'studio' || m.areaTable) continue;
    const has = await exec(sql`SELECT 1 FROM ${sql.identifier(m.table)} WHERE "studio_id" = ${studioId} LIMIT 1`);
    if (has.length) continue;
    const refIds = new Map<string, number[]>();
    for (const fd of Object.values(m.fields)) {
      if ((fd.type !== 'relation' && fd.type !== 'manyToMany') || refIds.has(fd.ref!)) continue;
      const ref = modelByName.get(fd.ref!)!;
      const where =
        ref.scope === 'studio'
          ? sql`WHERE "studio_id" = ${studioId}`
          : ref.scope === 'tenant'
            ? sql`WHERE "id" = ${studioId}`
            : sql``;
      refIds.set(
        fd.ref!,
        (await exec(sql`SELECT "id" FROM ${sql.identifier(ref.table)} ${where} ORDER BY "id" LIMIT 20`)).map((r) =>
          Number(r.id),
        ),
      );
    }
    const rows = Array.from({ length: count }, (_x, n) => ({
      studio_id: studioId,
      ...sampleRow(m, n + 1, (ref) => refIds.get(ref) ?? []),
    }));
    await insertMany(exec, m.table, rows);
  }
}

/**
 * Two years of a studio's accounts: the yearly installments of last year and this year (the
 * product's own set-based insert, server/areas/accounts/queries.ts), payments of the installments due
 * before today — a few days after each, except customers in arrears (about one in nine has paid
 * nothing this year, one in thirteen half of last year) —, an annual adjustment of last year for
 * about one customer in ten and secretarial fees charged this spring to one in six.
 */
async function seedAccounts(exec: Exec, studioId: number, user: { id: number; name: string }) {
  const year = Number(todayIso().slice(0, 4));
  const ids = (
    await exec(
      sql`SELECT "id" FROM "customers" WHERE "studio_id" = ${studioId} AND "ceased" = 0 AND "deleted_at" IS NULL ORDER BY "id"`,
    )
  ).map((r) => Number(r.id));
  const books = accounts(exec, { studioId, userId: user.id, name: user.name });
  await books.insertInstallments(ids, year - 1);
  await books.insertInstallments(ids, year);
  // a payment for each installment due, 5 to 24 days later (never after today)
  await exec(sql`INSERT INTO "transactions" ("studio_id", "customer_id", "type", "amount", "date", "is_yearly_installment", "transaction_note", "payment_method_id")
    SELECT t."studio_id", t."customer_id", 'PAYMENT', t."amount", t."date" + make_interval(days => 5 + ((t."customer_id" * 7 + t."id") % 20)), FALSE,
      'Pagamento ' || lower(t."transaction_note"),
      (SELECT p."id" FROM "payment_methods" p WHERE p."studio_id" = t."studio_id" ORDER BY p."id" LIMIT 1)
    FROM "transactions" t
    WHERE t."studio_id" = ${studioId} AND t."is_yearly_installment" AND t."type" = 'CHARGE'
      AND t."date" + make_interval(days => 5 + ((t."customer_id" * 7 + t."id") % 20)) < LOCALTIMESTAMP
      AND NOT (t."customer_id" % 9 = 0 AND extract(year FROM t."date") = ${year})
      AND NOT (t."customer_id" % 13 = 0 AND extract(year FROM t."date") = ${year - 1} AND t."id" % 2 = 0)`);
  // last year's annual adjustment (what the balancer posts after a 5 % raise during the year)
  await exec(sql`INSERT INTO "transactions" ("studio_id", "customer_id", "type", "amount", "date", "is_yearly_installment", "transaction_note")
    SELECT c."studio_id", c."id", 'ADJUSTMENT', round(c."yearly_accounting_amount" * 0.05, 2), make_timestamp(${year - 1}::int, 12, 31, 0, 0, 0), TRUE,
      ${`Conguaglio annuale ${year - 1}`}
    FROM "customers" c WHERE c."id" = ANY(${idArray(ids)}) AND c."id" % 10 = 0 AND c."yearly_accounting_amount" > 0`);
  await exec(sql`INSERT INTO "transactions" ("studio_id", "customer_id", "type", "amount", "date", "is_yearly_installment", "transaction_note", "internal_note")
    SELECT c."studio_id", c."id", 'CHARGE', 25.00, make_timestamp(${year}::int, 3, 15, 0, 0, 0), FALSE, 'Spese di segreteria', 'Pratiche straordinarie'
    FROM "customers" c WHERE c."id" = ANY(${idArray(ids)}) AND c."id" % 6 = 0 AND make_timestamp(${year}::int, 3, 15, 0, 0, 0) < LOCALTIMESTAMP`);
  // most paid them in April
  await exec(sql`INSERT INTO "transactions" ("studio_id", "customer_id", "type", "amount", "date", "is_yearly_installment", "transaction_note")
    SELECT t."studio_id", t."customer_id", 'PAYMENT', t."amount", make_timestamp(${year}::int, 4, 10, 0, 0, 0), FALSE, 'Pagamento spese di segreteria'
    FROM "transactions" t WHERE t."studio_id" = ${studioId} AND t."transaction_note" = 'Spese di segreteria' AND t."customer_id" % 12 <> 0
      AND make_timestamp(${year}::int, 4, 10, 0, 0, 0) < LOCALTIMESTAMP`);
}

/**
 * Collecting the fees (issue 29): an SDD mandate for one active customer in four (recurring when
 * signed over six months ago, one revoked), and a bank statement of the last three weeks to
 * reconcile (made from the studio's open charges by the realistic statement's generator and
 * imported as the studio would: matched, nothing confirmed).
 */
async function seedCollections(exec: Exec, studioId: number, user: { id: number; name: string }) {
  const today = todayIso();
  const customers = await exec(sql`SELECT c."id", c."cod", c."business_name", s."cod" AS "form" FROM "customers" c
    LEFT JOIN "legal_statuses" s ON s."id" = c."legal_status_id"
    WHERE c."studio_id" = ${studioId} AND c."ceased" = 0 AND c."deleted_at" IS NULL AND c."id" % 4 = 1 ORDER BY c."id"`);
  const rows = customers.map((c, i) => {
    const months = 1 + ((Number(c.id) * 7) % 30);
    const signed = addDays(addMonths(today, -months), Number(c.id) % 27);
    return {
      studio_id: studioId,
      customer_id: Number(c.id),
      reference: `MND-${String(c.cod ?? c.id)}-${signed.slice(0, 4)}`,
      iban: italianIban(
        ['03069', '02008', '05034', '03062', '01030'][i % 5]!,
        ['01600', '09606', '11701', '32110', '03200'][(i * 3) % 5]!,
        String(700_000 + Number(c.id)).padStart(12, '0'),
      ),
      signature_date: signed,
      scheme: c.form === 'SPA' ? 'B2B' : 'CORE',
      sequence_type: months > 6 ? 'RCUR' : 'FRST',
      status: i === 3 ? 'revoked' : 'active',
    };
  });
  if (rows.length) await insertMany(exec, 'sdd_mandates', rows);
  // issue 47 item 5: one customer in eight (none of them with a mandate) pays by RiBa at his own bank
  const riba = await exec(sql`SELECT "id" FROM "customers" WHERE "studio_id" = ${studioId} AND "ceased" = 0
    AND "deleted_at" IS NULL AND "id" % 8 = 3 ORDER BY "id"`);
  for (const [i, r] of riba.entries())
    await exec(
      sql`UPDATE "customers" SET "collection_method" = 'riba', "bank_iban" = ${italianIban(
        ['03069', '02008', '05034'][i % 3]!,
        ['09606', '05077', '01633'][i % 3]!,
        String(800_000 + Number(r.id)).padStart(12, '0'),
      )} WHERE "id" = ${Number(r.id)}`,
    );
  const [studio] = await exec(sql`SELECT "iban", "name" FROM "studios" WHERE "id" = ${studioId}`);
  const plan = await realisticStatement(exec, studioId, {
    lines: 40,
    seed: 2026,
    from: addDays(today, -21),
    to: addDays(today, -1),
  });
  // the bank's statements as an Italian bank sends them: the first two weeks as CAMT.053, the last
  // as the CBI RH flat file (issue 47), both of the studio's account, imported and matched alike
  const iban = String(studio!.iban).replace(/\s+/g, '');
  const byDay = [...plan.entries].sort((x, y) => x.date.localeCompare(y.date));
  const cut = byDay.findIndex((e) => e.date >= addDays(today, -7));
  const camtPart = cut < 0 ? byDay : byDay.slice(0, cut);
  const rhPart = cut < 0 ? [] : byDay.slice(cut);
  const asDemoUser: Ctx = {
    userId: user.id,
    name: user.name,
    email: '',
    role: 'Admin',
    studioId,
    studioName: String(studio!.name),
    permissions: new Set(['transactions.view', 'transactions.create']),
    jti: 'demo',
  };
  const files = [
    ...(camtPart.length
      ? [
          {
            name: `estratto_conto_${today}.xml`,
            bytes: Buffer.from(camt053({ iban, id: `EC-${today}`, entries: camtPart })),
          },
        ]
      : []),
    ...(rhPart.length
      ? [
          {
            name: `movimenti_cbi_${today}.txt`,
            bytes: Buffer.from(
              cbiRh({ abi: iban.slice(5, 10), sia: 'S0001', iban, created: addDays(today, -1), entries: rhPart }),
            ),
          },
        ]
      : []),
  ];
  for (const file of files) await importStatement(exec, (fn) => fn(exec), asDemoUser, file, undefined);
}

/** A few fee assignments (incarichi) of a studio's customers, their yearly fees generated. */
async function seedAssignments(exec: Exec, studioId: number, user: { id: number; name: string }) {
  const year = Number(todayIso().slice(0, 4));
  const customers = (
    await exec(sql`SELECT "id" FROM "customers" WHERE "studio_id" = ${studioId} AND "ceased" = 0 ORDER BY "id" LIMIT 5`)
  ).map((r) => Number(r.id));
  const kinds: Array<[string, string, number, number]> = [
    ['Revisione legale dei conti', "Incarico triennale di revisione del bilancio d'esercizio.", 3, 4500],
    ['Consulenza societaria', 'Assistenza per operazioni straordinarie e assemblee.', 2, 1800],
    ['Contenzioso tributario', 'Ricorso e assistenza presso la Corte di giustizia tributaria.', 1, 2500],
    ['Due diligence fiscale', 'Verifica della posizione fiscale per la cessione di quote.', 1, 3200],
    ['Collegio sindacale', 'Partecipazione al collegio sindacale come presidente.', 3, 6000],
  ];
  const ids = await insertMany(
    exec,
    'assignments',
    customers.map((customer, i) => ({
      studio_id: studioId,
      customers_id: customer,
      title: kinds[i]![0],
      description: kinds[i]![1],
      year_duration: kinds[i]![2],
      year_amount: kinds[i]![3],
      start_date: `${year - (i % 2)}-0${(i % 9) + 1}-15`,
    })),
  );
  const books = assignments(exec, { studioId, userId: user.id, name: user.name });
  for (const id of ids.slice(0, 4)) await books.regenerate(id);
}

/** This year's payslips (cedolini) up to last month of the customers with a payslip rate, their charges posted. */
async function seedPayslips(exec: Exec, studioId: number, user: { id: number; name: string }) {
  const [year, month] = todayIso().split('-').map(Number) as [number, number];
  const customers = (
    await exec(
      sql`SELECT "id" FROM "customers" WHERE "studio_id" = ${studioId} AND "ceased" = 0 AND "cedolino_rate" > 0 ORDER BY "id" LIMIT 25`,
    )
  ).map((r) => Number(r.id));
  const entries: PayslipEntry[] = [];
  for (const customerId of customers) {
    for (let m = 1; m < month; m++)
      entries.push({ customerId, year, month: m, quantity: 1 + ((customerId * 3 + m) % 6) });
  }
  if (!entries.length) return;
  const db = payslips(exec, { studioId, userId: user.id, name: user.name });
  await db.postCharges(await db.upsert(entries));
}

/**
 * The payment that set each studio's expiry (PRODUCT.md §7): 12 months recorded offline at the
 * start of this month, from the studio's expiry a year earlier.
 */
async function seedPayments(exec: Exec, studioIds: number[]) {
  const [superAdmin] = await exec(
    sql`SELECT u."id" FROM "users" u JOIN "roles" r ON r."id" = u."role_id" WHERE r."name" = 'SuperAdmin' ORDER BY u."id" LIMIT 1`,
  );
  const rows = await exec(
    sql`SELECT "id", to_char("subscription_expire_date", 'YYYY-MM-DD') AS "d" FROM "studios" WHERE "id" = ANY(${idArray(studioIds)}) AND "subscription_expire_date" IS NOT NULL`,
  );
  await insertMany(
    exec,
    'payment_logs',
    rows.map((r) => ({
      studio_id: Number(r.id),
      user_id: superAdmin ? Number(superAdmin.id) : null,
      months: 12,
      amount: 358.8,
      provider: 'offline',
      status: 'COMPLETED',
      provider_token: `OFF-demo-${r.id}`,
      previous_expiry: addYears(String(r.d), -1),
      new_expiry: String(r.d),
      date: `${todayIso().slice(0, 7)}-01 10:00:00`,
      completed_at: `${todayIso().slice(0, 7)}-01 10:00:00`,
    })),
  );
}

/** Credit ledger rows of a studio's users, and each user's balance as their sum (PRODUCT.md §7). */
async function seedCredit(exec: Exec, studioId: number, rows: Array<[number, 'CREDIT' | 'DEBIT', string, string]>) {
  await insertMany(
    exec,
    'credit_transaction_logs',
    rows.map(([users_id, type, amount, description], i) => ({
      studio_id: studioId,
      users_id,
      type,
      amount,
      description,
      note: null,
      date: `${todayIso()} ${String(9 + i).padStart(2, '0')}:00:00`,
    })),
  );
  await exec(sql`UPDATE "users" u SET "credit" = s."total" FROM (SELECT "users_id", SUM("amount") AS "total" FROM "credit_transaction_logs"
    WHERE "studio_id" = ${studioId} AND "deleted_at" IS NULL GROUP BY "users_id") s WHERE u."id" = s."users_id"`);
}

/**
 * E-invoices of the last weeks (issue 13): `count` invoices (TD01) of one to three of the
 * studio's services to customers with complete data, dated from last month to today and numbered
 * in date order within each year, with their rows and totals; and a credit note (TD04) correcting
 * the first of them.
 */
async function seedEDocuments(exec: Exec, studioId: number, count: number) {
  const [studio] = await exec(
    sql`SELECT "fiscal_regime", "withholding_tax", "cassa_previdenza", "stamp_duty_charged" FROM "studios" WHERE "id" = ${studioId}`,
  );
  const regime = {
    regime: String(studio?.fiscal_regime ?? 'RF01'),
    withholding: Number(studio?.withholding_tax) === 1,
    cassa: Number(studio?.cassa_previdenza) === 1,
    stampCharged: Number(studio?.stamp_duty_charged) === 1,
  };
  const customers = (
    await exec(sql`SELECT "id" FROM "customers" WHERE "studio_id" = ${studioId} AND "ceased" = 0 AND "deleted_at" IS NULL
    AND ("vat_id" IS NOT NULL OR "fiscal_code" IS NOT NULL) AND "address" IS NOT NULL AND "postal_code" IS NOT NULL AND "city" IS NOT NULL ORDER BY "id" LIMIT ${count}`)
  ).map((r) => Number(r.id));
  const withholds = new Map(
    (
      await exec(
        sql`SELECT "id", "vat_id", "withholding_agent" FROM "customers" WHERE "id" = ANY(${idArray(customers)})`,
      )
    ).map((r) => [
      Number(r.id),
      isWithholdingAgent({
        withholding_agent: r.withholding_agent as string | null,
        vat_id: r.vat_id as string | null,
      }),
    ]),
  );
  const services = await exec(
    sql`SELECT "id", "description", "cost"::text AS "cost" FROM "studio_services" WHERE "studio_id" = ${studioId} AND "cost" > 0 ORDER BY "id"`,
  );
  if (!customers.length || !services.length) return;
  const today = todayIso();
  const first = `${today.slice(0, 7)}-01`;
  const lastMonth = addMonths(first, -1);
  const span = Math.max(1, Math.round((Date.parse(today) - Date.parse(lastMonth)) / 86_400_000));
  const docs = customers.map((customerId, i) => {
    const date = new Date(Date.parse(lastMonth) + Math.floor((span * i) / customers.length) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const rows = Array.from({ length: 1 + (i % 3) }, (_x, k) => {
      const sv = services[(i * 3 + k) % services.length]!;
      return {
        studio_service_id: Number(sv.id),
        description: String(sv.description),
        quantity: k === 1 ? 12 : 1,
        price: String(sv.cost),
        vat: 22,
        nature: null,
      };
    });
    return { customerId, date, rows, type: 'TD01' as 'TD01' | 'TD04', corrects: null as number | null };
  });
  docs.push({
    ...docs[0]!,
    date: today,
    type: 'TD04',
    rows: [{ ...docs[0]!.rows[0]!, description: `Storno parziale: ${docs[0]!.rows[0]!.description}` }],
    corrects: 0,
  });
  docs.sort((x, y) => x.date.localeCompare(y.date));
  const perYear = new Map<string, number>();
  const ids: number[] = [];
  for (const d of docs) {
    const year = d.date.slice(0, 4);
    const number = (perYear.get(year) ?? 0) + 1;
    perYear.set(year, number);
    const t = eDocumentTotals({
      rows: d.rows,
      studio: regime,
      customer: { withholdingAgent: withholds.get(d.customerId) ?? false },
    });
    const correctsId =
      d.corrects === null
        ? null
        : (ids[docs.findIndex((x) => x.type === 'TD01' && x.customerId === d.customerId)] ?? null);
    const [row] = await insertMany(exec, 'e_documents', [
      {
        studio_id: studioId,
        type: d.type,
        number: String(number),
        date: d.date,
        year: Number(year),
        customer_id: d.customerId,
        corrects_id: correctsId,
        taxable: fromCents(t.taxable + t.cassa),
        tax: fromCents(t.tax),
        total: fromCents(t.total),
        payable: fromCents(t.payable),
        sdi_status: 'bozza',
      },
    ]);
    ids.push(row!);
    const shares = payableShares(t);
    await insertMany(
      exec,
      'e_document_services',
      d.rows.map((r, k) => ({ e_document_id: row!, position: k + 1, ...r, payable: fromCents(shares[k]!) })),
    );
  }
}

/**
 * The vendor's sample Word template, 'Lettera di benvenuto' (a .docx using the tags of C74), so a
 * fresh studio can fill one for its customers at once. Only when there is no template yet.
 */
export async function seedWordTemplates(exec: Exec, storage: Storage): Promise<void> {
  const has = await exec(sql`SELECT 1 FROM "word_templates" LIMIT 1`);
  if (has.length) return;
  const [owner] = await exec(
    sql`SELECT u."id" FROM "users" u JOIN "roles" r ON r."id" = u."role_id" WHERE r."name" = 'SuperAdmin' ORDER BY u."id" LIMIT 1`,
  );
  const bytes = buildDocx([
    { text: '{studio_nome}', bold: true, size: 14, spaceAfter: 0 },
    { text: '{studio_indirizzo}', spaceAfter: 0 },
    { text: 'P.IVA {studio_partita_iva} – {studio_email}', spaceAfter: 480 },
    { text: 'Spett.le', align: 'right', spaceAfter: 0 },
    { text: '{cliente_ragione_sociale}', bold: true, align: 'right', spaceAfter: 0 },
    { text: '{cliente_indirizzo}', align: 'right', spaceAfter: 0 },
    { text: '{cliente_cap} {cliente_citta}', align: 'right', spaceAfter: 0 },
    { text: 'P.IVA {cliente_partita_iva} – C.F. {cliente_codice_fiscale}', align: 'right', spaceAfter: 480 },
    { text: '{studio_citta_firma}, {data_oggi}', spaceAfter: 240 },
    { text: 'Oggetto: benvenuto nello studio', bold: true, spaceAfter: 240 },
    { text: 'Gentile {legale_rappresentante_nome} {legale_rappresentante_cognome},', spaceAfter: 160 },
    {
      text: "siamo lieti di accogliere {cliente_ragione_sociale} tra i clienti dello studio. Per l'anno {anno_corrente} il compenso concordato è di € {cliente_tariffa_annuale}, in {cliente_numero_rate} rate.",
      align: 'both',
    },
    {
      text: "Per ogni necessità può scriverci a {studio_email} o chiamarci al {studio_telefono}. I pagamenti possono essere effettuati con bonifico sull'IBAN {studio_iban}.",
      align: 'both',
      spaceAfter: 480,
    },
    { text: 'Cordiali saluti', spaceAfter: 240 },
    { text: '{responsabile_titolo} {responsabile_nome} {responsabile_cognome}', bold: true },
  ]);
  const key = await storage.put(bytes, 'word_templates');
  const [t] = await exec(sql`INSERT INTO "word_templates" ("title", "description", "user_id")
    VALUES ('Lettera di benvenuto', 'Lettera di benvenuto al nuovo cliente con il compenso annuale e i recapiti dello studio.', ${owner?.id ?? null}) RETURNING "id"`);
  await exec(sql`INSERT INTO "attachments" ("owner_model", "owner_id", "studio_id", "original_filename", "content_type", "size", "storage_path", "created_by")
    VALUES ('WordTemplate', ${Number(t!.id)}, NULL, 'Lettera di benvenuto.docx', ${FILE_KINDS.docx.mime}, ${bytes.length}, ${key}, ${owner?.id ?? null})`);
}

/**
 * The compliance jobs of a studio (JOBS) and a year of their sub-tasks' statuses: for each active
 * customer and job it applies to, deterministically, about a third of the jobs done, a third
 * under way, a third not started — a colourful dashboard on a fresh start.
 */
async function seedJobs(exec: Exec, studioId: number, year: number, user: { id: number }) {
  const types = new Map(
    (await exec(sql`SELECT "id", "cod" FROM "studio_job_types"`)).map((r) => [String(r.cod), Number(r.id)]),
  );
  const tasks = new Map(
    (await exec(sql`SELECT "id", "cod" FROM "tasks" WHERE "studio_id" = ${studioId}`)).map((r) => [
      String(r.cod),
      Number(r.id),
    ]),
  );
  const statuses = new Map(
    (await exec(sql`SELECT "id", "cod" FROM "legal_statuses" WHERE "studio_id" = ${studioId}`)).map((r) => [
      String(r.cod),
      Number(r.id),
    ]),
  );
  const jobIds = await insertMany(
    exec,
    'studio_jobs',
    JOBS.map(([cod, name, type]) => ({
      studio_id: studioId,
      cod,
      name,
      studio_job_type_id: types.get(type)!,
      note: null,
    })),
  );
  const jobTasks = JOBS.flatMap(([, , , , t], i) =>
    t.map((cod) => ({ studio_job_id: jobIds[i]!, task_id: tasks.get(cod)! })),
  );
  const jobStatuses = JOBS.flatMap(([, , , ls], i) =>
    ls.map((cod) => ({ studio_job_id: jobIds[i]!, legal_status_id: statuses.get(cod)! })),
  );
  await exec(
    sql`INSERT INTO "studio_job_tasks" ("studio_job_id", "task_id") VALUES ${sql.join(
      jobTasks.map((r) => sql`(${r.studio_job_id}, ${r.task_id})`),
      sql`, `,
    )}`,
  );
  await exec(
    sql`INSERT INTO "studio_job_legal_statuses" ("studio_job_id", "legal_status_id") VALUES ${sql.join(
      jobStatuses.map((r) => sql`(${r.studio_job_id}, ${r.legal_status_id})`),
      sql`, `,
    )}`,
  );
  // per customer and applicable job a stage 0–9: 0–2 nothing done, 3–6 the first sub-tasks, 7–9 all
  await exec(sql`INSERT INTO "task_job_statuses" ("studio_id", "studio_job_id", "task_id", "customer_id", "year", "status", "updated_by")
    SELECT ${studioId}, j."id", jt."task_id", c."id", ${year}, 1, ${user.id}
    FROM "customers" c
    JOIN "studio_jobs" j ON j."studio_id" = c."studio_id"
    JOIN LATERAL (SELECT x."task_id", row_number() OVER (ORDER BY x."task_id") AS "n", count(*) OVER () AS "total"
      FROM "studio_job_tasks" x WHERE x."studio_job_id" = j."id") jt ON TRUE
    WHERE c."studio_id" = ${studioId} AND c."deleted_at" IS NULL AND c."ceased" = 0
      AND (NOT EXISTS (SELECT 1 FROM "studio_job_legal_statuses" l WHERE l."studio_job_id" = j."id")
        OR c."legal_status_id" IN (SELECT l."legal_status_id" FROM "studio_job_legal_statuses" l WHERE l."studio_job_id" = j."id"))
      AND ((c."id" * 7 + j."id" * 13) % 10 >= 7
        OR ((c."id" * 7 + j."id" * 13) % 10 >= 3 AND jt."n" <= GREATEST(1, jt."total" - 1 - (c."id" + j."id") % 2)))`);
  await recountJobs(exec, jobIds);
}

/**
 * The demo data of a new database in one transaction (server/seed.ts): a load cut short (a signal,
 * a kill, a full disk, a file that cannot be stored) leaves none of it, where a half of it would be
 * taken by every later start for a studio's own data and kept.
 */
export function loadDemoDataWhole(database: Database, storage: Storage): Promise<boolean> {
  return inTransaction(database, (exec) => loadDemoData(exec, storage));
}

/** The users' rows of the demo data: `user(studio, role, name, surname, e-mail)`, active, no credit, `password` (a hash). */
const demoUser =
  (roles: Record<RoleName, number>, password: string) =>
  (studio_id: number, role: RoleName, name: string, cognome: string, email: string) => ({
    studio_id,
    role_id: roles[role],
    name,
    cognome,
    email,
    password,
    active: true,
    credit: 0,
  });

export async function loadDemoData(exec: Exec, storage?: Storage): Promise<boolean> {
  const roles = await bootstrap(exec);
  const existing = await exec(sql`SELECT count(*)::int AS "n" FROM "studios"`);
  if (Number(existing[0].n) > 0) return false;
  const password = await hashPassword(DEMO_PASSWORD);
  const vendor = await insertStudio(
    exec,
    studioProfile('Gestionale Studi (fornitore)', CITIES[1], ['Paolo', 'Verdi', false], true, 1),
  );
  const demo = await insertStudio(exec, studioProfile('Studio Demo', CITIES[0], ['Marco', 'Rossi', false], true, 2));
  const bianchi = await insertStudio(
    exec,
    studioProfile('Studio Bianchi', CITIES[4], ['Giulia', 'Bianchi', true], false, 3),
  );
  const user = demoUser(roles, password);
  const [, admin, collab, bianchiAdmin] = await insertMany(exec, 'users', [
    user(vendor, 'SuperAdmin', 'Paolo', 'Verdi', 'superadmin@gestionale.test'),
    user(demo, 'Admin', 'Marco', 'Rossi', 'admin@studiodemo.test'),
    user(demo, 'Collaboratore', 'Laura', 'Neri', 'collaboratore@studiodemo.test'),
    user(bianchi, 'Admin', 'Giulia', 'Bianchi', 'admin@studiobianchi.test'),
  ]);
  await seedStudioData(exec, demo, 200, 20260101, [collab]);
  await seedStudioData(exec, bianchi, 20, 20260202, [], 2);
  await seedAccounts(exec, demo, { id: admin!, name: 'Marco Rossi' });
  await seedAssignments(exec, demo, { id: admin!, name: 'Marco Rossi' });
  await seedPayslips(exec, demo, { id: admin!, name: 'Marco Rossi' });
  await seedJobs(exec, demo, Number(todayIso().slice(0, 4)), { id: admin! });
  await seedAccounts(exec, bianchi, { id: bianchiAdmin!, name: 'Giulia Bianchi' });
  await seedCredit(exec, demo, [
    [collab!, 'CREDIT', '100', 'Ricarica iniziale'],
    [collab!, 'DEBIT', '-25.5', 'Visure camerali'],
    [admin!, 'CREDIT', '50', 'Ricarica iniziale'],
  ]);
  await seedCredit(exec, bianchi, [[bianchiAdmin!, 'CREDIT', '20', 'Ricarica iniziale']]);
  await seedPayments(exec, [vendor, demo, bianchi]);
  await seedEDocuments(exec, demo, 8);
  await seedCollections(exec, demo, { id: admin!, name: 'Marco Rossi' });
  await seedAml(exec, demo, { id: admin!, name: 'Marco Rossi' }, { id: collab!, name: 'Laura Neri' });
  await seedEngagements(exec, demo, { id: admin!, name: 'Marco Rossi' }, { id: collab!, name: 'Laura Neri' });
  await seedPortal(exec, demo, { id: admin!, name: 'Marco Rossi' }, password, storage);
  await seedEDocuments(exec, bianchi, 3);
  await seedDeclaredModels(exec, demo, 12);
  await seedDeclaredModels(exec, bianchi, 3);
  if (storage) await seedWordTemplates(exec, storage);
  return true;
}

/** One more studio like a studio of the demo data (`addDemoStudio`). */
export interface DemoStudioCopy {
  /** the new studio's name */
  name: string;
  /**
   * which studio it copies: 'demo' is Studio Demo (an Admin and a Collaboratore, 200 customers
   * with their accounts, assignments, payslips, jobs, credit, e-invoices, AML files, engagements
   * with their charges and three months of time, and sample rows),
   * 'bianchi' is Studio Bianchi (an Admin, 20 customers, incomplete studio data)
   */
  like: 'demo' | 'bianchi';
  /** the e-mail of its Admin (Marco Rossi, or Giulia Bianchi), password DEMO_PASSWORD */
  admin: string;
  /** the e-mail of its Collaboratore (Laura Neri); 'demo' only */
  collaboratore?: string;
}

/**
 * Adds to a database holding the demo data one more studio made as `loadDemoData` makes Studio
 * Demo or Studio Bianchi: the same seeds, so the same customers (names, codes, cities, fees),
 * master data, jobs, e-invoices and users' names, under its own name and e-mails. What the seeds
 * derive from row ids differs (VAT numbers, which customers are in arrears or have a job done):
 * a copy is alike, not identical. For the browser tests (a studio per test file); answers its id.
 */
export async function addDemoStudio(exec: Exec, copy: DemoStudioCopy): Promise<number> {
  // the roles and the SuperAdmin of the demo data
  const roles = Object.fromEntries(
    (await exec(sql`SELECT "id", "name" FROM "roles"`)).map((r) => [String(r.name), Number(r.id)]),
  ) as Record<RoleName, number>;
  const [known] = await exec(sql`SELECT "password" FROM "users" WHERE "email" = ${DEMO_LOGINS[0]!.email}`);
  if (!known || ROLE_NAMES.some((r) => !roles[r])) throw new Error('addDemoStudio: load the demo data first');
  // the demo users' hash: the same password, without hashing it again
  const password = String(known.password);
  const user = demoUser(roles, password);
  if (copy.like === 'bianchi') {
    const studio = await insertStudio(exec, studioProfile(copy.name, CITIES[4], ['Giulia', 'Bianchi', true], false, 3));
    const [admin] = await insertMany(exec, 'users', [user(studio, 'Admin', 'Giulia', 'Bianchi', copy.admin)]);
    await seedStudioData(exec, studio, 20, 20260202, [], 2);
    await seedAccounts(exec, studio, { id: admin!, name: 'Giulia Bianchi' });
    await seedCredit(exec, studio, [[admin!, 'CREDIT', '20', 'Ricarica iniziale']]);
    await seedPayments(exec, [studio]);
    await seedEDocuments(exec, studio, 3);
    await seedDeclaredModels(exec, studio, 3);
    return studio;
  }
  if (!copy.collaboratore)
    throw new Error('addDemoStudio: a copy of Studio Demo needs the e-mail of its Collaboratore');
  const studio = await insertStudio(exec, studioProfile(copy.name, CITIES[0], ['Marco', 'Rossi', false], true, 2));
  const [admin, collab] = await insertMany(exec, 'users', [
    user(studio, 'Admin', 'Marco', 'Rossi', copy.admin),
    user(studio, 'Collaboratore', 'Laura', 'Neri', copy.collaboratore),
  ]);
  const marco = { id: admin!, name: 'Marco Rossi' };
  await seedStudioData(exec, studio, 200, 20260101, [collab!]);
  await seedAccounts(exec, studio, marco);
  await seedAssignments(exec, studio, marco);
  await seedPayslips(exec, studio, marco);
  await seedJobs(exec, studio, Number(todayIso().slice(0, 4)), { id: admin! });
  await seedCredit(exec, studio, [
    [collab!, 'CREDIT', '100', 'Ricarica iniziale'],
    [collab!, 'DEBIT', '-25.5', 'Visure camerali'],
    [admin!, 'CREDIT', '50', 'Ricarica iniziale'],
  ]);
  await seedPayments(exec, [studio]);
  await seedEDocuments(exec, studio, 8);
  await seedCollections(exec, studio, marco);
  await seedAml(exec, studio, marco, { id: collab!, name: 'Laura Neri' });
  await seedEngagements(exec, studio, marco, { id: collab!, name: 'Laura Neri' });
  await seedPortal(exec, studio, marco, password, undefined, `cliente.${copy.admin.split('@')[1]}`);
  await seedDeclaredModels(exec, studio, 12);
  return studio;
}
