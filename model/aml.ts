/**
 * Anti-money-laundering risk arithmetic of the CNDCEC "Regole Tecniche" (D.Lgs. 231/2007, art. 11
 * c. 2), version approved with Deliberazione n. 9 of 16 January 2025 (it replaced the rules of
 * 16 January 2019). Pure and dependency-free: no dates library, no floats in the arithmetic.
 *
 *  - Regola Tecnica 1, the studio's self-assessment: inherent risk = mean of 4 factors, vulnerability
 *    = mean of 4 factors, residual risk = 40 % inherent + 60 % vulnerability, redone every 3 years.
 *  - Regola Tecnica 2, customer due diligence: inherent risk of the service (the highest of those
 *    chosen), specific risk = mean of the scores of Tabella A (customer, 4 factors) and Tabella B
 *    (service, 6 factors) — Tabella A alone for the services the rules exempt from Tabella B —,
 *    effective risk = 30 % inherent + 70 % specific; the band gives the level (non / poco
 *    significativo → semplificata, abbastanza → ordinaria, molto → rafforzata); the law raises it
 *    (art. 24 c. 5: PEP and high-risk third countries → rafforzata).
 *  - Regola Tecnica 3, conservation: 10 years from the end of the relationship (art. 31 c. 3).
 *
 * Every score is an integer 1–4, so every mean is a whole number of hundredths (quarters or
 * tenths) and every weighted sum a whole number of ten-thousandths: the module counts in those
 * integers and compares them with the band edges, so 0.3 × 4 + 0.7 × 2 is 2.60 (abbastanza
 * significativo), never 2.5999999999999996 (poco). Outputs are rounded half-up to 2 decimals.
 *
 * What could not be checked against the primary text (only commentaries and public implementations
 * of it were at hand): the 2025 wording of the services table, which services are exempt from
 * Tabella B, and the cadence of the controllo costante, which is the CNDCEC forms' guidance (and a
 * studio setting), not a term of the law.
 */

// ---------------------------------------------------------------------------------------------
// Scale, bands, levels
// ---------------------------------------------------------------------------------------------

/** A score of the rules' scale: 1 non significativo, 2 poco, 3 abbastanza, 4 molto significativo. */
export type Score = 1 | 2 | 3 | 4;

export type RiskBand = 'non-significativo' | 'poco-significativo' | 'abbastanza-significativo' | 'molto-significativo';

export type DueDiligenceLevel = 'semplificata' | 'ordinaria' | 'rafforzata';

/** The rules' graded scale, shared by RT1 (residual risk) and RT2 (effective risk). */
export const SCORE_LABELS: Record<Score, string> = {
  1: 'Non significativo',
  2: 'Poco significativo',
  3: 'Abbastanza significativo',
  4: 'Molto significativo',
};

export interface BandDefinition {
  band: RiskBand;
  label: string;
  /** Lower edge, included, in ten-thousandths (1.6 → 16000). */
  from: number;
  /** Upper edge in ten-thousandths: excluded, but for the last band (4 included). */
  to: number;
  /** The edges as the rules word them. */
  range: string;
  level: DueDiligenceLevel;
}

/**
 * The 2025 scale: "da 1 a < 1,6", "da 1,6 a < 2,6", "da 2,6 a < 3,6", "da 3,6 a 4". (The 2019 text
 * read 1–1,5 / 1,6–2,5 / 2,6–3,5 / 3,6–4 and left the values between the edges unassigned.)
 */
export const BANDS: readonly BandDefinition[] = [
  {
    band: 'non-significativo',
    label: 'Non significativo',
    from: 10000,
    to: 16000,
    range: 'da 1 a meno di 1,6',
    level: 'semplificata',
  },
  {
    band: 'poco-significativo',
    label: 'Poco significativo',
    from: 16000,
    to: 26000,
    range: 'da 1,6 a meno di 2,6',
    level: 'semplificata',
  },
  {
    band: 'abbastanza-significativo',
    label: 'Abbastanza significativo',
    from: 26000,
    to: 36000,
    range: 'da 2,6 a meno di 3,6',
    level: 'ordinaria',
  },
  {
    band: 'molto-significativo',
    label: 'Molto significativo',
    from: 36000,
    to: 40000,
    range: 'da 3,6 a 4',
    level: 'rafforzata',
  },
];

export const LEVEL_LABELS: Record<DueDiligenceLevel, string> = {
  semplificata: 'Adeguata verifica semplificata',
  ordinaria: 'Adeguata verifica ordinaria',
  rafforzata: 'Adeguata verifica rafforzata',
};

const LEVEL_RANK: Record<DueDiligenceLevel, number> = { semplificata: 0, ordinaria: 1, rafforzata: 2 };

/** RT2 weights of the effective risk, in percent. */
export const EFFECTIVE_WEIGHTS = { inherent: 30, specific: 70 } as const;
/** RT1 weights of the residual risk, in percent. */
export const RESIDUAL_WEIGHTS = { inherent: 40, vulnerability: 60 } as const;

/**
 * Months between two checks of the controllo costante (art. 19 c. 1 lett. d) per level, as the
 * CNDCEC forms suggest (semplificata 36, ordinaria 24, rafforzata 12). Not a term of the law: a
 * studio may check more often.
 */
export const CONTROL_MONTHS: Record<DueDiligenceLevel, number> = { semplificata: 36, ordinaria: 24, rafforzata: 12 };

/** Years the AML file is kept after the relationship ends (art. 31 c. 3 D.Lgs. 231/2007). */
export const RETENTION_YEARS = 10;
/** Years between two self-assessments of the studio (Regola Tecnica 1). */
export const SELF_ASSESSMENT_YEARS = 3;

/** Thrown on invalid input; `messages` lists every problem found, in Italian. */
export class AmlValidationError extends Error {
  readonly messages: string[];
  constructor(messages: string[]) {
    super(messages.join(' '));
    this.name = 'AmlValidationError';
    this.messages = messages;
  }
}

/** What a computation of the rules gives, or, when the inputs do not allow it, why (the forms' live preview). */
export function amlPreview<T>(compute: () => T): { value: T | null; messages: string[] } {
  try {
    return { value: compute(), messages: [] };
  } catch (e) {
    if (e instanceof AmlValidationError) return { value: null, messages: e.messages };
    throw e;
  }
}

// ---------------------------------------------------------------------------------------------
// Regola Tecnica 2: the services table
// ---------------------------------------------------------------------------------------------

export interface AmlService {
  code: string;
  /** The service as the rules word it. */
  description: string;
  /** Inherent risk 1–4; null when the service is not subject to due diligence (art. 17 c. 7). */
  inherent: Score | null;
  /**
   * Grade 1 of the rules' first table: a rule of conduct (the documents to acquire and keep)
   * exhausts the due-diligence obligations for the service.
   */
  conductRule?: true;
  /** The specific risk is the mean of Tabella A alone (the rules exempt the service from Tabella B). */
  tableBExempt?: true;
  note?: string;
}

/**
 * The typical services of a commercialista and their inherent risk (Regola Tecnica 2, 2025).
 * Grades 1–4 as reported by the public summaries of the 2025 rules; the last two rows are not
 * subject to due diligence at all (art. 17 c. 7 D.Lgs. 231/2007).
 */
export const AML_SERVICES: readonly AmlService[] = [
  // grado 1 — non significativo (regola di condotta)
  {
    code: 'collegio-sindacale',
    description:
      'Componente di collegio sindacale, consiglio di sorveglianza o sindaco unico senza funzioni di revisione legale dei conti',
    inherent: 1,
    conductRule: true,
    note: 'Si acquisisce e conserva copia del verbale di nomina; resta l’obbligo di segnalazione delle operazioni sospette.',
  },
  {
    code: 'visto-conformita',
    description: 'Apposizione del visto di conformità su dichiarazioni fiscali',
    inherent: 1,
    conductRule: true,
  },
  { code: 'interpelli', description: 'Predisposizione di interpelli', inherent: 1, conductRule: true },
  {
    code: 'quesiti',
    description: 'Risposte a quesiti di carattere fiscale e societario',
    inherent: 1,
    conductRule: true,
  },
  { code: 'consulente-tecnico-parte', description: 'Consulente tecnico di parte', inherent: 1, conductRule: true },
  {
    code: 'assistenza-autorita-giudiziale',
    description: 'Funzioni di assistenza, difesa e rappresentanza innanzi ad un’autorità giudiziale',
    inherent: 1,
    conductRule: true,
  },
  { code: 'mediazione-arbitrato', description: 'Funzioni di mediazione e arbitrato', inherent: 1, conductRule: true },
  {
    code: 'nomina-giurisdizionale',
    description:
      'Incarichi che derivano da nomine giurisdizionali (curatore, commissario, liquidatore giudiziale, amministratore giudiziario, CTU)',
    inherent: 1,
    conductRule: true,
  },
  {
    code: 'gestione-crisi',
    description:
      'Incarichi di gestore della crisi e di esperto indipendente nell’ambito della composizione della crisi',
    inherent: 1,
    conductRule: true,
    note: 'Vi si riconduce anche l’incarico di attestatore (professionista indipendente).',
  },
  {
    code: 'formazione-editoria',
    description: 'Incarichi professionali nel settore della formazione e dell’editoria',
    inherent: 1,
    conductRule: true,
  },
  {
    code: 'organismo-vigilanza',
    description: 'Componente di organismo di vigilanza ex D.Lgs. 231/2001',
    inherent: 1,
    conductRule: true,
  },
  {
    code: 'pratiche-uffici-pubblici',
    description: 'Predisposizione e invio telematico di pratiche varie agli uffici pubblici competenti',
    inherent: 1,
    conductRule: true,
  },
  {
    code: 'tutela-diritti',
    description:
      'Predisposizione presso gli uffici pubblici competenti di pratiche di prima iscrizione e rinnovo per la tutela di diritti (marchi, brevetti, diritti d’autore)',
    inherent: 1,
    conductRule: true,
  },
  {
    code: 'assistenza-risorse-pubbliche',
    description:
      'Assistenza tecnica e consulenza specialistica alla programmazione, gestione, rendicontazione, controllo e certificazione di risorse pubbliche, anche europee',
    inherent: 1,
    conductRule: true,
  },
  // grado 2 — poco significativo
  {
    code: 'amministrazione-liquidazione',
    description:
      'Amministrazione e liquidazione di società, enti, aziende, patrimoni, singoli beni (incarichi di nomina non giudiziale)',
    inherent: 2,
  },
  { code: 'consulenza-tributaria', description: 'Consulenza in materia tributaria', inherent: 2 },
  { code: 'consulenza-contrattuale', description: 'Consulenza contrattuale', inherent: 2 },
  {
    code: 'custodia-beni',
    description: 'Custodia e conservazione di beni e aziende (incarichi di nomina non giudiziale)',
    inherent: 2,
  },
  {
    code: 'valutazioni',
    description: 'Valutazione di quote sociali, aziende, rami d’azienda, patrimoni, singoli beni e diritti',
    inherent: 2,
  },
  // grado 3 — abbastanza significativo
  { code: 'amministrazione-trust', description: 'Amministrazione di trust o istituti giuridici affini', inherent: 3 },
  {
    code: 'assistenza-continuativa',
    description: 'Assistenza e consulenza aziendale e societaria continuativa e generica',
    inherent: 3,
    tableBExempt: true,
  },
  {
    code: 'business-plan',
    description:
      'Valutazione tecnica dell’iniziativa di impresa e asseverazione dei business plan per l’accesso a finanziamenti pubblici',
    inherent: 3,
  },
  {
    code: 'consulenza-economico-finanziaria',
    description: 'Consulenza economico-finanziaria-patrimoniale',
    inherent: 3,
  },
  {
    code: 'costituzione-enti-trust',
    description: 'Costituzione di società, enti, trust o strutture analoghe',
    inherent: 3,
  },
  { code: 'tenuta-contabilita', description: 'Tenuta della contabilità', inherent: 3, tableBExempt: true },
  { code: 'consulenza-bilancio', description: 'Consulenza in materia di redazione del bilancio', inherent: 3 },
  { code: 'revisione-legale', description: 'Revisione legale dei conti', inherent: 3, tableBExempt: true },
  // grado 4 — molto significativo
  {
    code: 'finanza-straordinaria',
    description:
      'Consulenza in operazioni di finanza straordinaria (trasformazioni, fusioni, scissioni, conferimenti, cessioni d’azienda e di partecipazioni)',
    inherent: 4,
  },
  // not subject to due diligence — art. 17 c. 7 D.Lgs. 231/2007
  {
    code: 'dichiarazioni-fiscali',
    description:
      'Mera redazione e trasmissione, o sola trasmissione, delle dichiarazioni derivanti da obblighi fiscali',
    inherent: null,
    note: 'Esclusa dall’adeguata verifica (art. 17 c. 7 D.Lgs. 231/2007); non lo è la consulenza fiscale.',
  },
  {
    code: 'amministrazione-personale',
    description:
      'Adempimenti in materia di amministrazione del personale (elaborazione buste paga) di cui all’art. 2 c. 1 della L. 12/1979',
    inherent: null,
    note: 'Esclusa dall’adeguata verifica (art. 17 c. 7 D.Lgs. 231/2007).',
  },
];

const SERVICE_BY_CODE = new Map(AML_SERVICES.map((s) => [s.code, s]));

/** The service of `code`, or undefined. */
export const amlService = (code: string): AmlService | undefined => SERVICE_BY_CODE.get(code);

/** Whether any of the services is subject to due diligence (the others are excluded by art. 17 c. 7). */
export const isSubjectToDueDiligence = (codes: readonly string[]): boolean =>
  codes.some((c) => amlService(c)?.inherent != null);

// ---------------------------------------------------------------------------------------------
// Regola Tecnica 2: Tabella A (customer) and Tabella B (service)
// ---------------------------------------------------------------------------------------------

export interface RiskFactor<K extends string = string> {
  key: K;
  /** Reference of the criterion in art. 17 c. 3 D.Lgs. 231/2007. */
  norm: string;
  label: string;
  /** The elements the rules (form AV.1) ask to weigh when scoring the factor. */
  criteria: readonly string[];
  /** What each score means: the rules' graded scale. */
  scores: Record<Score, string>;
}

export type CustomerFactorKey = 'naturaGiuridica' | 'attivitaPrevalente' | 'comportamento' | 'areaGeografica';
export type OperationFactorKey =
  'tipologia' | 'modalita' | 'ammontare' | 'frequenzaVolume' | 'ragionevolezza' | 'areaDestinazione';

/** Tabella A — aspetti connessi al cliente (art. 17 c. 3 lett. a). */
export const CUSTOMER_FACTORS: readonly RiskFactor<CustomerFactorKey>[] = [
  {
    key: 'naturaGiuridica',
    norm: 'art. 17 c. 3 lett. a) n. 1',
    label: 'Natura giuridica',
    criteria: [
      'Congruità della forma giuridica rispetto all’attività svolta e alle dimensioni',
      'Struttura articolata o opaca che rende difficile individuare il titolare effettivo',
      'Persone politicamente esposte tra cliente, esecutore o titolare effettivo',
      'Procedimenti penali o indagini per riciclaggio, terrorismo o proliferazione',
      'Presenza di trust, intestazioni fiduciarie, fondazioni, associazioni, enti non lucrativi',
    ],
    scores: SCORE_LABELS,
  },
  {
    key: 'attivitaPrevalente',
    norm: 'art. 17 c. 3 lett. a) n. 2',
    label: 'Prevalente attività svolta',
    criteria: [
      'Attività esposte al rischio di infiltrazioni criminali o terroristiche',
      'Coerenza dell’attività concreta con la struttura e con l’attività dichiarata',
    ],
    scores: SCORE_LABELS,
  },
  {
    key: 'comportamento',
    norm: 'art. 17 c. 3 lett. a) n. 3',
    label: 'Comportamento tenuto al momento del conferimento dell’incarico',
    criteria: [
      'Collaborazione del cliente all’adeguata verifica (reticenza, informazioni incomplete)',
      'Presenza ingerente di terzi con ruolo non definito',
      'Cliente non presente fisicamente',
    ],
    scores: SCORE_LABELS,
  },
  {
    key: 'areaGeografica',
    norm: 'art. 17 c. 3 lett. a) n. 4',
    label: 'Area geografica di residenza del cliente',
    criteria: [
      'Residenza o sede in province italiane con flussi anomali di contante',
      'Residenza o sede in Paesi terzi ad alto rischio',
      'Lontananza ingiustificata dalla sede del professionista',
    ],
    scores: SCORE_LABELS,
  },
];

/** Tabella B — aspetti connessi all’operazione o prestazione professionale (art. 17 c. 3 lett. b). */
export const OPERATION_FACTORS: readonly RiskFactor<OperationFactorKey>[] = [
  {
    key: 'tipologia',
    norm: 'art. 17 c. 3 lett. b) n. 1',
    label: 'Tipologia',
    criteria: [
      'Operazione ordinaria o straordinaria rispetto al profilo del cliente',
      'Schemi negoziali che rendono opachi i rapporti tra cliente e controparte',
      'Settori merceologici esposti a riciclaggio o finanziamento del terrorismo',
    ],
    scores: SCORE_LABELS,
  },
  {
    key: 'modalita',
    norm: 'art. 17 c. 3 lett. b) n. 2',
    label: 'Modalità di svolgimento',
    criteria: [
      'Mezzi di pagamento non tracciati o valute virtuali',
      'Conti non propri per trasferire o ricevere fondi',
      'Ricorso reiterato a procure o a domiciliazioni di comodo',
    ],
    scores: SCORE_LABELS,
  },
  {
    key: 'ammontare',
    norm: 'art. 17 c. 3 lett. b) n. 3',
    label: 'Ammontare dell’operazione',
    criteria: [
      'Coerenza dell’importo con il profilo economico del cliente e con la natura dell’operazione',
      'Frazionamenti artificiosi',
    ],
    scores: SCORE_LABELS,
  },
  {
    key: 'frequenzaVolume',
    norm: 'art. 17 c. 3 lett. b) n. 4',
    label: 'Frequenza e volume delle operazioni / durata della prestazione professionale',
    criteria: [
      'Frequenza congrua rispetto all’attività ordinaria del cliente',
      'Operatività improvvisa o importi rilevanti concentrati in poco tempo',
      'Rapporto continuativo oppure occasionale',
    ],
    scores: SCORE_LABELS,
  },
  {
    key: 'ragionevolezza',
    norm: 'art. 17 c. 3 lett. b) n. 5',
    label: 'Ragionevolezza',
    criteria: [
      'Ragionevolezza rispetto all’attività e alle risorse economiche del cliente',
      'Congruità rispetto alle finalità dichiarate',
    ],
    scores: SCORE_LABELS,
  },
  {
    key: 'areaDestinazione',
    norm: 'art. 17 c. 3 lett. b) n. 6',
    label: 'Area geografica di destinazione',
    criteria: [
      'Destinazione in province italiane con flussi anomali di contante',
      'Destinazione in Paesi terzi ad alto rischio o sotto monitoraggio rafforzato (grey list)',
      'Ragionevolezza dell’operazione rispetto all’area di destinazione',
    ],
    scores: SCORE_LABELS,
  },
];

// ---------------------------------------------------------------------------------------------
// Regola Tecnica 1: self-assessment factors
// ---------------------------------------------------------------------------------------------

export type SelfInherentKey = 'tipologiaClientela' | 'areaGeografica' | 'canaliDistributivi' | 'serviziOfferti';
export type VulnerabilityKey = 'formazione' | 'adeguataVerifica' | 'conservazione' | 'segnalazioni';

export interface SelfAssessmentFactor<K extends string = string> {
  key: K;
  label: string;
}

export const SELF_INHERENT_FACTORS: readonly SelfAssessmentFactor<SelfInherentKey>[] = [
  { key: 'tipologiaClientela', label: 'Tipologia di clientela' },
  { key: 'areaGeografica', label: 'Area geografica di operatività' },
  { key: 'canaliDistributivi', label: 'Canali distributivi' },
  { key: 'serviziOfferti', label: 'Servizi offerti' },
];

export const VULNERABILITY_FACTORS: readonly SelfAssessmentFactor<VulnerabilityKey>[] = [
  { key: 'formazione', label: 'Formazione' },
  { key: 'adeguataVerifica', label: 'Organizzazione degli adempimenti di adeguata verifica della clientela' },
  { key: 'conservazione', label: 'Organizzazione degli adempimenti di conservazione' },
  {
    key: 'segnalazioni',
    label: 'Segnalazione di operazioni sospette e comunicazione delle violazioni alle norme sull’uso del contante',
  },
];

// ---------------------------------------------------------------------------------------------
// Numbers
// ---------------------------------------------------------------------------------------------

/** Ten-thousandths rounded half-up to hundredths (all values here are positive). */
const toHundredths = (tenThousandths: number) => Math.floor((tenThousandths + 50) / 100);

/** Hundredths as a number with 2 decimals (178 → 1.78). */
const hundredthsValue = (h: number) => h / 100;

/** Hundredths as Italian text with 2 decimals (240 → '2,40'). */
const hundredthsText = (h: number) => `${Math.floor(h / 100)},${String(h % 100).padStart(2, '0')}`;

/** The band of a value in ten-thousandths (10000–40000). */
function bandOfTenThousandths(v: number): BandDefinition {
  const b = BANDS.find((x, i) => v >= x.from && (i === BANDS.length - 1 ? v <= x.to : v < x.to));
  if (!b) throw new AmlValidationError([`Valore di rischio fuori scala: deve essere compreso tra 1 e 4.`]);
  return b;
}

/**
 * The band of a risk value (1–4) as a number or decimal text ('2,6' or '2.6'), read by its digits
 * and rounded half-up to 4 decimals: 1.59 is non significativo, 1.6 poco significativo.
 */
export function riskBand(value: number | string): BandDefinition {
  const text =
    typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim().replace(',', '.');
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) throw new AmlValidationError([`Valore di rischio non valido: «${String(value)}».`]);
  const frac = `${m[2] ?? ''}00000`;
  const v = Number(m[1]) * 10000 + Number(frac.slice(0, 4)) + (Number(frac[4]) >= 5 ? 1 : 0);
  return bandOfTenThousandths(v);
}

const isScore = (v: unknown): v is Score => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 4;

/** The scores of `factors` read from `input`, each an integer 1–4; problems go to `errors`. */
function readScores<K extends string>(
  factors: readonly { key: K; label: string }[],
  input: Partial<Record<K, unknown>> | undefined,
  group: string,
  errors: string[],
): Score[] {
  const out: Score[] = [];
  for (const f of factors) {
    const v = input?.[f.key];
    if (v === undefined || v === null || v === '') errors.push(`${group}: manca il punteggio di «${f.label}».`);
    else if (!isScore(v))
      errors.push(
        `${group}: il punteggio di «${f.label}» deve essere un intero da 1 a 4 (ricevuto ${JSON.stringify(v)}).`,
      );
    else out.push(v);
  }
  return out;
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

// ---------------------------------------------------------------------------------------------
// Regola Tecnica 2: assessRisk
// ---------------------------------------------------------------------------------------------

export interface RiskFlags {
  /** Customer, executor or beneficial owner is a politically exposed person (art. 24 c. 5 lett. c). */
  pep?: boolean;
  /** The PEP acts as an organ of a public administration: measures follow the actual risk (same letter). */
  pepPublicAuthority?: boolean;
  /** The relationship involves a high-risk third country (art. 24 c. 5 lett. a). */
  highRiskCountry?: boolean;
  /** There is a suspicion of money laundering or terrorist financing: no simplified measures (art. 23). */
  suspicion?: boolean;
}

export interface RiskInput {
  /** Codes of AML_SERVICES given to the customer; the inherent risk is the highest of them. */
  services: readonly string[];
  /** Tabella A scores, integers 1–4, all required. */
  customer: Partial<Record<CustomerFactorKey, number>>;
  /** Tabella B scores, integers 1–4, all required unless every service chosen is exempt from Tabella B. */
  operation?: Partial<Record<OperationFactorKey, number>>;
  flags?: RiskFlags;
}

export interface RiskAssessment {
  /** Inherent risk of the service, 1–4. */
  inherent: Score;
  /** The service that gave the inherent risk. */
  inherentService: string;
  /** Specific risk, 2 decimals. */
  specific: number;
  /** Effective risk, 2 decimals. */
  effective: number;
  band: RiskBand;
  bandLabel: string;
  /** The level due: the band's level, raised to `minimumLevel` when the law says so. */
  level: DueDiligenceLevel;
  /** The level of the band alone. */
  computedLevel: DueDiligenceLevel;
  /** The legal minimum from the flags ('semplificata' when none applies). */
  minimumLevel: DueDiligenceLevel;
  /** Whether Tabella B entered the specific risk. */
  tableBUsed: boolean;
  /** Months to the next controllo costante at `level`. */
  controlMonths: number;
  /** Each step, in Italian. */
  reasons: string[];
}

const maxLevel = (a: DueDiligenceLevel, b: DueDiligenceLevel) => (LEVEL_RANK[b] > LEVEL_RANK[a] ? b : a);

/**
 * The effective risk of a customer and the due-diligence level it calls for (Regola Tecnica 2).
 * Throws AmlValidationError with every problem of the input.
 */
export function assessRisk(input: RiskInput): RiskAssessment {
  const errors: string[] = [];
  const codes = [...new Set(input.services ?? [])];
  if (codes.length === 0) errors.push('Scegliere almeno una prestazione.');
  const unknown = codes.filter((c) => !amlService(c));
  for (const c of unknown) errors.push(`Prestazione sconosciuta: «${c}».`);
  const services = codes.map((c) => amlService(c)).filter((s): s is AmlService => s !== undefined);
  const subject = services.filter((s) => s.inherent !== null);
  const excluded = services.filter((s) => s.inherent === null);
  if (services.length > 0 && unknown.length === 0 && subject.length === 0)
    errors.push(
      'Nessuna delle prestazioni scelte è soggetta ad adeguata verifica (art. 17 c. 7 D.Lgs. 231/2007): non c’è rischio da calcolare.',
    );
  // Tabella B unless every service subject to due diligence is exempt from it (none known: not asked yet)
  const tableBUsed = subject.some((s) => !s.tableBExempt);

  const a = readScores(CUSTOMER_FACTORS, input.customer, 'Tabella A', errors);
  const b = tableBUsed ? readScores(OPERATION_FACTORS, input.operation, 'Tabella B', errors) : [];
  if (errors.length > 0) throw new AmlValidationError(errors);

  const reasons: string[] = [];
  // inherent risk: the highest of the services subject to due diligence
  const top = subject.reduce((m, s) => (s.inherent! > m.inherent! ? s : m));
  const inherent = top.inherent!;
  reasons.push(
    subject.length > 1
      ? `Rischio inerente ${inherent} (${top.description}): il più alto tra le prestazioni scelte.`
      : `Rischio inerente ${inherent} (${top.description}).`,
  );
  for (const s of excluded)
    reasons.push(
      `${s.description}: prestazione non soggetta ad adeguata verifica (art. 17 c. 7 D.Lgs. 231/2007), esclusa dal calcolo.`,
    );
  if (subject.every((s) => s.conductRule))
    reasons.push(
      'Prestazioni a rischio inerente non significativo: la regola di condotta della Regola Tecnica n. 2 esaurisce gli obblighi di adeguata verifica.',
    );

  // specific risk: the mean of the factors, in hundredths (exact: quarters or tenths)
  const sumA = sum(a);
  const sumB = sum(b);
  const count = a.length + b.length;
  const specificH = ((sumA + sumB) * 100) / count;
  if (tableBUsed) {
    reasons.push(
      `Rischio specifico ${hundredthsText(specificH)}: media dei ${count} fattori delle Tabelle A e B ((${sumA} + ${sumB}) / ${count}).`,
    );
  } else {
    reasons.push(
      `Rischio specifico ${hundredthsText(specificH)}: media dei ${count} fattori della Tabella A (${sumA} / ${count}); la Tabella B non si compila per ${subject.map((s) => s.description.toLowerCase()).join(', ')}.`,
    );
  }

  // effective risk in ten-thousandths: 30 % inherent + 70 % specific
  const inherentPart = EFFECTIVE_WEIGHTS.inherent * inherent * 100;
  const specificPart = EFFECTIVE_WEIGHTS.specific * specificH;
  const effectiveTT = inherentPart + specificPart;
  const effectiveH = toHundredths(effectiveTT);
  reasons.push(
    `Rischio effettivo ${hundredthsText(effectiveH)}: ${inherent} × 30% + ${hundredthsText(specificH)} × 70% = ${hundredthsText(toHundredths(inherentPart))} + ${hundredthsText(toHundredths(specificPart))}.`,
  );
  const band = bandOfTenThousandths(effectiveTT);
  reasons.push(`Fascia: rischio ${band.label.toLowerCase()} (${band.range}): adeguata verifica ${band.level}.`);

  // legal minimum
  const flags = input.flags ?? {};
  let minimumLevel: DueDiligenceLevel = 'semplificata';
  if (flags.pep && flags.pepPublicAuthority)
    reasons.push(
      'Cliente PEP che agisce come organo della pubblica amministrazione: misure commisurate al rischio in concreto rilevato (art. 24 c. 5 lett. c D.Lgs. 231/2007).',
    );
  else if (flags.pep) {
    minimumLevel = 'rafforzata';
    reasons.push('Cliente PEP: adeguata verifica rafforzata (art. 24 c. 5 lett. c D.Lgs. 231/2007).');
  }
  if (flags.highRiskCountry) {
    minimumLevel = 'rafforzata';
    reasons.push(
      'Paese terzo ad alto rischio coinvolto: adeguata verifica rafforzata (art. 24 c. 5 lett. a D.Lgs. 231/2007).',
    );
  }
  if (flags.suspicion) {
    minimumLevel = maxLevel(minimumLevel, 'ordinaria');
    reasons.push(
      'Sospetto di riciclaggio o di finanziamento del terrorismo: misure semplificate escluse (art. 23 D.Lgs. 231/2007); valutare la segnalazione alla UIF.',
    );
  }
  const level = maxLevel(band.level, minimumLevel);
  if (level !== band.level) reasons.push(`Livello innalzato per legge: adeguata verifica ${level}.`);
  reasons.push(`Controllo costante ogni ${CONTROL_MONTHS[level]} mesi.`);

  return {
    inherent,
    inherentService: top.code,
    specific: hundredthsValue(specificH),
    effective: hundredthsValue(effectiveH),
    band: band.band,
    bandLabel: band.label,
    level,
    computedLevel: band.level,
    minimumLevel,
    tableBUsed,
    controlMonths: CONTROL_MONTHS[level],
    reasons,
  };
}

// ---------------------------------------------------------------------------------------------
// Chosen level
// ---------------------------------------------------------------------------------------------

export interface LevelCheck {
  allowed: boolean;
  /** Whether the choice stands only with the written reason. */
  needsReason: boolean;
  /** The message to show, in Italian. */
  message: string;
}

/**
 * Whether the Admin may apply `chosen` where the assessment computed `computed`: a higher level
 * always; a lower one only with a written reason, and never below the legal `minimum` (PEP,
 * high-risk country).
 */
export function levelAllowed(
  chosen: DueDiligenceLevel,
  computed: DueDiligenceLevel,
  options: { reason?: string; minimum?: DueDiligenceLevel } = {},
): LevelCheck {
  const minimum = options.minimum ?? 'semplificata';
  if (LEVEL_RANK[chosen] < LEVEL_RANK[minimum])
    return {
      allowed: false,
      needsReason: false,
      message: `L’adeguata verifica ${minimum} è obbligatoria per legge (art. 24 c. 5 D.Lgs. 231/2007): non si può applicare la ${chosen}.`,
    };
  if (LEVEL_RANK[chosen] >= LEVEL_RANK[computed])
    return {
      allowed: true,
      needsReason: false,
      message:
        chosen === computed
          ? `Adeguata verifica ${chosen}, come da valutazione del rischio.`
          : `Adeguata verifica ${chosen}, più rigorosa di quella risultante dalla valutazione (${computed}).`,
    };
  if (!options.reason?.trim())
    return {
      allowed: false,
      needsReason: true,
      message: `La valutazione del rischio richiede l’adeguata verifica ${computed}: per applicare la ${chosen} scrivere il motivo.`,
    };
  return {
    allowed: true,
    needsReason: true,
    message: `Adeguata verifica ${chosen}, meno rigorosa di quella risultante dalla valutazione (${computed}): motivo registrato.`,
  };
}

// ---------------------------------------------------------------------------------------------
// Regola Tecnica 1: selfAssessment
// ---------------------------------------------------------------------------------------------

export interface SelfAssessment {
  /** Inherent risk of the studio, mean of 4 factors, 2 decimals. */
  inherent: number;
  /** Vulnerability, mean of 4 factors, 2 decimals. */
  vulnerability: number;
  /** Residual risk, 40 % inherent + 60 % vulnerability, 2 decimals. */
  residual: number;
  band: RiskBand;
  bandLabel: string;
  reasons: string[];
}

/** The studio's residual risk (Regola Tecnica 1). Throws AmlValidationError with every problem. */
export function selfAssessment(
  inherentScores: Partial<Record<SelfInherentKey, number>>,
  vulnerabilityScores: Partial<Record<VulnerabilityKey, number>>,
): SelfAssessment {
  const errors: string[] = [];
  const i = readScores(SELF_INHERENT_FACTORS, inherentScores, 'Rischio inerente', errors);
  const v = readScores(VULNERABILITY_FACTORS, vulnerabilityScores, 'Vulnerabilità', errors);
  if (errors.length > 0) throw new AmlValidationError(errors);

  const inherentH = (sum(i) * 100) / i.length;
  const vulnerabilityH = (sum(v) * 100) / v.length;
  const inherentPart = RESIDUAL_WEIGHTS.inherent * inherentH;
  const vulnerabilityPart = RESIDUAL_WEIGHTS.vulnerability * vulnerabilityH;
  const residualTT = inherentPart + vulnerabilityPart;
  const residualH = toHundredths(residualTT);
  const band = bandOfTenThousandths(residualTT);
  return {
    inherent: hundredthsValue(inherentH),
    vulnerability: hundredthsValue(vulnerabilityH),
    residual: hundredthsValue(residualH),
    band: band.band,
    bandLabel: band.label,
    reasons: [
      `Rischio inerente ${hundredthsText(inherentH)}: media dei ${i.length} fattori (${sum(i)} / ${i.length}).`,
      `Vulnerabilità ${hundredthsText(vulnerabilityH)}: media dei ${v.length} fattori (${sum(v)} / ${v.length}).`,
      `Rischio residuo ${hundredthsText(residualH)}: ${hundredthsText(inherentH)} × 40% + ${hundredthsText(vulnerabilityH)} × 60% = ${hundredthsText(toHundredths(inherentPart))} + ${hundredthsText(toHundredths(vulnerabilityPart))}.`,
      `Fascia: rischio ${band.label.toLowerCase()} (${band.range}).`,
      `Autovalutazione da ripetere entro ${SELF_ASSESSMENT_YEARS} anni.`,
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// Dates
// ---------------------------------------------------------------------------------------------

const isLeap = (y: number) => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
const daysIn = (y: number, m: number) => [31, isLeap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]!;
const pad = (n: number, w: number) => String(n).padStart(w, '0');

/** [year, month, day] of a real calendar date 'YYYY-MM-DD', or an AmlValidationError. */
function parseIsoDate(iso: string): [number, number, number] {
  const m = typeof iso === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso) : null;
  const [y, mo, d] = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [0, 0, 0];
  if (!m || mo < 1 || mo > 12 || d < 1 || d > daysIn(y, mo))
    throw new AmlValidationError([`Data non valida: «${String(iso)}» (atteso AAAA-MM-GG).`]);
  return [y, mo, d];
}

/** `iso` plus `months`, the day clamped to the end of the target month (2024-02-29 + 12 → 2025-02-28). */
function addMonths(iso: string, months: number): string {
  const [y, m, d] = parseIsoDate(iso);
  const total = y * 12 + (m - 1) + months;
  const ty = Math.floor(total / 12);
  const tm = (total % 12) + 1;
  return `${pad(ty, 4)}-${pad(tm, 2)}-${pad(Math.min(d, daysIn(ty, tm)), 2)}`;
}

/** The due date of the next controllo costante after a check on `fromIsoDate` at `level`. */
export function nextCheckDate(level: DueDiligenceLevel, fromIsoDate: string): string {
  const months = CONTROL_MONTHS[level];
  if (months === undefined)
    throw new AmlValidationError([`Livello di adeguata verifica sconosciuto: «${String(level)}».`]);
  return addMonths(fromIsoDate, months);
}

/** The last day the AML file must be kept: the end of the relationship plus 10 years (art. 31 c. 3). */
export const retentionEnd = (ceasedIsoDate: string): string => addMonths(ceasedIsoDate, RETENTION_YEARS * 12);

/** When the studio's self-assessment falls due again: 3 years after the last one. */
export const nextSelfAssessmentDate = (lastIsoDate: string): string =>
  addMonths(lastIsoDate, SELF_ASSESSMENT_YEARS * 12);
