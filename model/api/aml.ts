/**
 * The calls of the customer's anti-money-laundering file (server/areas/aml; issue 48): its risk
 * assessments (Regola Tecnica 2), each kept as made. One source for the server's schemas, its
 * services' input and the app's types.
 */
import { z } from 'zod';
import {
  ID_DOCUMENT_TYPES,
  IDENTIFICATION_METHODS,
  OWNER_CRITERIA,
  OWNER_SOURCES,
  AML_FILE_KINDS,
  AML_NOTE_KINDS,
  AML_NOTE_OUTCOMES,
  AML_DUE_REASONS,
} from '../amlOptions.js';

export {
  ID_DOCUMENT_TYPES,
  IDENTIFICATION_METHODS,
  OWNER_CRITERIA,
  OWNER_SOURCES,
  AML_FILE_KINDS,
  AML_NOTE_KINDS,
  AML_NOTE_OUTCOMES,
  AML_DUE_REASONS,
};

const level = z.enum(['semplificata', 'ordinaria', 'rafforzata']);
const score = z.number().int().min(1).max(4);

/** POST /api/customer/:id/aml/assessments: the services, the factors' scores, the flags, the level applied. */
export const AmlAssessmentInput = z.object({
  services: z.array(z.string().max(60)).max(40).describe('codici delle prestazioni (model/aml.ts AML_SERVICES)'),
  customer: z.record(z.string().max(40), score).describe('Tabella A: fattori del cliente, da 1 a 4'),
  operation: z
    .record(z.string().max(40), score)
    .optional()
    .describe('Tabella B: fattori della prestazione, da 1 a 4 (non per le prestazioni che ne sono esenti)'),
  flags: z
    .object({
      pep: z.boolean().optional(),
      pepPublicAuthority: z.boolean().optional(),
      highRiskCountry: z.boolean().optional(),
      suspicion: z.boolean().optional(),
    })
    .optional(),
  level: level.optional().describe('il livello applicato (predefinito: quello calcolato)'),
  level_reason: z.string().max(2000).optional().describe('perché un livello meno rigoroso di quello calcolato'),
  purpose: z.string().max(2000).optional().describe('scopo e natura del rapporto'),
});
export type AmlAssessmentInput = z.infer<typeof AmlAssessmentInput>;

/** One assessment as made (never changed). */
export const AmlAssessment = z.object({
  id: z.number().int(),
  customer_id: z.number().int(),
  services: z.array(z.string()),
  customer_scores: z.record(z.string(), z.number()),
  operation_scores: z.record(z.string(), z.number()).nullable(),
  flags: z.record(z.string(), z.boolean()),
  inherent: z.number().int(),
  specific: z.number(),
  effective: z.number(),
  computed_level: level,
  level,
  level_reason: z.string().nullable(),
  reasons: z.array(z.string()),
  next_check: z.string().describe('YYYY-MM-DD: il prossimo controllo costante'),
  purpose: z.string().nullable(),
  pep: z.boolean(),
  created_by_name: z.string(),
  created_at: z.string(),
});
export type AmlAssessment = z.infer<typeof AmlAssessment>;

// ---------------------------------------------------------------------------------------------
// Identification (item 1): the customer, the esecutore, the documents, the beneficial owners
// ---------------------------------------------------------------------------------------------

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Data non valida (AAAA-MM-GG)');
const shortText = (max = 200) => z.string().trim().max(max);

const values = <T extends readonly { value: string }[]>(list: T) =>
  list.map((x) => x.value) as unknown as [T[number]['value'], ...T[number]['value'][]];

/** A person of the file: the customer (a natural person), the esecutore or a beneficial owner. */
export const AmlPerson = z.object({
  name: shortText().min(1, 'Indica nome e cognome'),
  tax_code: shortText(16).optional(),
  birth_date: isoDate.optional(),
  birth_place: shortText().optional(),
  address: shortText(300).optional(),
  citizenship: shortText(60).optional(),
});

export const AmlIdDocument = z.object({
  /** whose document it is */
  holder: z.enum(['cliente', 'esecutore']),
  type: z.enum(values(ID_DOCUMENT_TYPES)),
  number: shortText(40).min(1, 'Indica il numero del documento'),
  issuer: shortText().min(1, 'Indica chi ha rilasciato il documento'),
  issued_on: isoDate.optional(),
  expires_on: isoDate,
  /** the scan among the file's files (POST …/aml/files) */
  file_id: z.number().int().positive().optional(),
});

export const AmlOwner = AmlPerson.extend({
  share: z.number().min(0).max(1000).optional().describe('quota di partecipazione, in percentuale'),
  criterion: z.enum(values(OWNER_CRITERIA)),
  source: z.enum(values(OWNER_SOURCES)),
  pep: z.boolean().optional(),
});

/** POST /api/customer/:id/aml/identifications: the identification as now known (a new version). */
export const AmlIdentificationInput = z.object({
  subject: z.enum(['persona_fisica', 'persona_giuridica']).describe('il cliente è una persona fisica o un ente'),
  /** a natural person customer's own data */
  customer_person: AmlPerson.optional(),
  /** who acts for the customer (legal representative, attorney, delegate) */
  executor: AmlPerson.extend({ role: shortText().min(1, 'Indica in che veste agisce l’esecutore') }).optional(),
  documents: z.array(AmlIdDocument).max(10),
  identified_on: isoDate,
  method: z.enum(values(IDENTIFICATION_METHODS)),
  owners: z.array(AmlOwner).max(30),
  /** PEP (art. 1 c. 2 lett. dd) of the customer, the esecutore or an owner, with what office */
  pep: z.boolean(),
  pep_details: shortText(2000).optional(),
  /** the check against the lists of persons and entities under financial sanctions (UE, ONU) */
  sanctions_checked_on: isoDate,
  sanctions_outcome: z.enum(['negativo', 'positivo']),
  sanctions_lists: shortText(300).optional(),
  /** scopo e natura (art. 18 c. 1 lett. c) */
  purpose: shortText(2000).min(1, 'Indica lo scopo del rapporto'),
  nature: shortText(2000).min(1, 'Indica la natura del rapporto'),
  /** origin of funds, for enhanced due diligence */
  funds_origin: shortText(2000).optional(),
  services: z.array(z.string().max(60)).max(40),
});
export type AmlIdentificationInput = z.infer<typeof AmlIdentificationInput>;

export const AmlIdentification = z.object({
  id: z.number().int(),
  customer_id: z.number().int(),
  data: AmlIdentificationInput,
  identified_on: z.string(),
  documents_expire_on: z.string().nullable(),
  created_by_name: z.string(),
  created_at: z.string(),
});
export type AmlIdentification = z.infer<typeof AmlIdentification>;

export const AmlFile = z.object({
  id: z.number().int(),
  kind: z.enum(values(AML_FILE_KINDS)),
  description: z.string().nullable(),
  original_filename: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  created_by_name: z.string(),
  created_at: z.string(),
});
export type AmlFile = z.infer<typeof AmlFile>;

export const AmlNoteInput = z.object({
  kind: z.enum(values(AML_NOTE_KINDS)),
  outcome: z.enum(values(AML_NOTE_OUTCOMES)).optional(),
  body: z.string().trim().min(1, 'Scrivi la nota').max(10000),
});
export type AmlNoteInput = z.infer<typeof AmlNoteInput>;

export const AmlNote = AmlNoteInput.extend({
  id: z.number().int(),
  outcome: z.string().nullable(),
  created_by_name: z.string(),
  created_at: z.string(),
});
export type AmlNote = z.infer<typeof AmlNote>;

/** GET /api/customer/:id/aml: the current assessment (the last) and the history, newest first. */
export const CustomerAml = z.object({
  customer_id: z.number().int(),
  current: AmlAssessment.nullable(),
  history: z.array(AmlAssessment),
  /** the next check is past */
  overdue: z.boolean(),
  /** the identification in force (the last saved) and its earlier versions, newest first */
  identification: AmlIdentification.nullable(),
  identifications: z.array(AmlIdentification),
  files: z.array(AmlFile),
  /** the Admin's notes (empty for anyone else) */
  notes: z.array(AmlNote),
  /** whether the caller may read and write the notes (the Admin) */
  notes_allowed: z.boolean(),
  /** the end of the relationship and until when the file is kept (Regola Tecnica 3) */
  ceased_on: z.string().nullable(),
  kept_until: z.string().nullable(),
  /** what is due now: the reasons, in Italian (empty when nothing) */
  due: z.array(z.string()),
});
export type CustomerAml = z.infer<typeof CustomerAml>;

// ---------------------------------------------------------------------------------------------
// The studio's self-assessment (item 5, Regola Tecnica 1) and the staff's training log
// ---------------------------------------------------------------------------------------------

/** POST /api/aml/self_assessments (Admin): the eight factors' scores and the mitigation notes. */
export const AmlSelfAssessmentInput = z.object({
  // any number: the service checks each score (an integer 1–4) and answers 422 with the rules' message
  inherent: z.record(z.string().max(40), z.number()).describe('fattori di rischio inerente, da 1 a 4'),
  vulnerability: z.record(z.string().max(40), z.number()).describe('fattori di vulnerabilità, da 1 a 4'),
  mitigation: z.string().trim().max(10000).optional().describe('misure di mitigazione adottate o da adottare'),
  assessed_on: isoDate.optional().describe('la data della valutazione (predefinita: oggi)'),
});
export type AmlSelfAssessmentInput = z.infer<typeof AmlSelfAssessmentInput>;

export const AmlSelfAssessment = z.object({
  id: z.number().int(),
  inherent_scores: z.record(z.string(), z.number()),
  vulnerability_scores: z.record(z.string(), z.number()),
  inherent: z.number(),
  vulnerability: z.number(),
  residual: z.number(),
  band: z.string(),
  band_label: z.string(),
  mitigation: z.string().nullable(),
  assessed_on: z.string(),
  next_due: z.string(),
  created_by_name: z.string(),
  created_at: z.string(),
});
export type AmlSelfAssessment = z.infer<typeof AmlSelfAssessment>;

/** POST /api/aml/trainings: a training of a member of the staff. */
export const AmlTrainingInput = z.object({
  user_id: z.number().int().positive().optional(),
  person_name: z.string().trim().max(200).optional().describe('chi, se non è un utente del gestionale'),
  held_on: isoDate,
  // the service checks the topic (required) and the hours (more than 0, at most 200): 422 in Italian
  topic: z.string().trim().max(500).describe('argomento (obbligatorio)'),
  provider: z.string().trim().max(200).optional(),
  hours: z.number().describe('ore, più di 0 e al massimo 200'),
});
export type AmlTrainingInput = z.infer<typeof AmlTrainingInput>;

export const AmlTraining = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  person_name: z.string(),
  held_on: z.string(),
  topic: z.string(),
  provider: z.string().nullable(),
  hours: z.number(),
  created_by_name: z.string(),
  created_at: z.string(),
});
export type AmlTraining = z.infer<typeof AmlTraining>;

/** GET /api/aml/self_assessments: the one in force, the history, when the next is due, the training log. */
export const AmlStudioFile = z.object({
  current: AmlSelfAssessment.nullable(),
  history: z.array(AmlSelfAssessment),
  /** YYYY-MM-DD: when the next self-assessment is due (null: none done yet — due now) */
  next_due: z.string().nullable(),
  overdue: z.boolean(),
  trainings: z.array(AmlTraining),
});
export type AmlStudioFile = z.infer<typeof AmlStudioFile>;

// ---------------------------------------------------------------------------------------------
// The checks due (item 3): 'Verifiche antiriciclaggio'
// ---------------------------------------------------------------------------------------------

export type AmlDueReason = (typeof AML_DUE_REASONS)[number]['value'];

export const AmlDueQuery = z.object({
  /** the window: what is late, and what falls due within these days (default 30) */
  days: z.coerce.number().int().min(0).max(366).default(30),
  reason: z.enum(values(AML_DUE_REASONS)).optional(),
  collaborator_id: z.coerce.number().int().positive().optional(),
  level: level.optional(),
  /** only the late ones */
  late: z.enum(['0', '1']).optional(),
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(50),
});
export type AmlDueQuery = z.infer<typeof AmlDueQuery>;

export const AmlDueRow = z.object({
  customer_id: z.number().int(),
  business_name: z.string(),
  collaborator_id: z.number().int().nullable(),
  collaborator_name: z.string().nullable(),
  level: level.nullable(),
  reason: z.enum(values(AML_DUE_REASONS)),
  reason_text: z.string(),
  /** YYYY-MM-DD: when it falls (or fell) due */
  due_on: z.string(),
  late: z.boolean(),
  days_late: z.number().int(),
});
export type AmlDueRow = z.infer<typeof AmlDueRow>;

export const AmlDueList = z.object({
  data: z.array(AmlDueRow),
  total: z.number().int(),
  late: z.number().int(),
});
export type AmlDueList = z.infer<typeof AmlDueList>;

/** GET /api/aml/checks/summary: the home page's card, the rows due within 30 days and how many are late. */
export const AmlDueSummary = z.object({
  due: z.number().int(),
  late: z.number().int(),
});
export type AmlDueSummary = z.infer<typeof AmlDueSummary>;
