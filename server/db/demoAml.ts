/**
 * The demo's anti-money-laundering files (issue 48 item 9), for 'Studio Demo': one active customer
 * in three has a complete file — the identification (the legal representative as esecutore, his
 * identity document, the beneficial owners), a risk assessment computed by model/aml.ts as the
 * server does — made on dates in the past so that the checks tell a story: most in order, some due
 * within the month, one late, one identity document expired, one rafforzata (an extraordinary
 * operation), one PEP; a ceased customer keeps his file. The studio's self-assessment was done last
 * year, with the staff's training. Deterministic, like the rest of the demo.
 */
import { sql } from 'drizzle-orm';
import type { Exec } from '../records/exec.js';
import { assessRisk, nextCheckDate, selfAssessment, type RiskFlags } from '../../model/aml.js';
import type { AmlIdentificationInput } from '../../model/api/aml.js';
import { addDays, today as romeToday } from '../../model/dates.js';
import { firstExpiry } from '../../model/amlIdentification.js';
import { fiscalCodeCheckChar } from '../../model/validators.js';

/** The studio services' entries in the rules' table of typical services (StudioService.aml_service). */
export const DEMO_AML_SERVICE_OF: Record<string, string | null> = {
  CONT_ORD: 'tenuta-contabilita',
  CONT_SEMPL: 'tenuta-contabilita',
  DICH_REDD: 'dichiarazioni-fiscali',
  MOD_730: 'dichiarazioni-fiscali',
  CEDOLINI: 'amministrazione-personale',
  CONS_FISC: 'consulenza-tributaria',
  BILANCIO: 'consulenza-bilancio',
  F24: null,
};

const addYears = (iso: string, n: number) => `${Number(iso.slice(0, 4)) + n}${iso.slice(4)}`;
const CF_OWNERS = ['VRDLGU75C12F205', 'NRESFO82D45L219', 'BNCPLA70E10A944', 'GLLMRC66H20D612'];
const cf = (first15: string) => first15 + fiscalCodeCheckChar(first15);
const OWNER_NAMES = ['Luigi Verdi', 'Sofia Neri', 'Paola Bianchi', 'Marco Galli'];

interface DemoCustomer {
  id: number;
  business_name: string;
  person: boolean;
  rep_name: string;
  rep_fiscal_code: string;
  rep_address: string;
  ceased: boolean;
}

export async function seedAml(
  exec: Exec,
  studioId: number,
  admin: { id: number; name: string },
  collab: { id: number; name: string },
) {
  const day = romeToday();
  const rows = await exec(sql`SELECT c."id", c."business_name", c."ceased", ls."cod" AS "form",
      lr."name" || ' ' || lr."surname" AS "rep_name", lr."fiscal_code" AS "rep_fiscal_code",
      coalesce(lr."address", '') || ', ' || coalesce(lr."postal_code", '') || ' ' || coalesce(lr."city", '') AS "rep_address"
    FROM "customers" c
    JOIN "legal_representatives" lr ON lr."id" = c."legal_representative_id"
    LEFT JOIN "legal_statuses" ls ON ls."id" = c."legal_status_id"
    WHERE c."studio_id" = ${studioId} AND c."deleted_at" IS NULL AND c."city" <> 'Ancona'
    ORDER BY c."id"`);
  const customers: DemoCustomer[] = rows
    .filter((_, i) => i % 3 === 1)
    .map((r) => ({
      id: Number(r.id),
      business_name: String(r.business_name),
      person: r.form === 'DI' || r.form === 'LP',
      rep_name: String(r.rep_name),
      rep_fiscal_code: String(r.rep_fiscal_code),
      rep_address: String(r.rep_address),
      ceased: Number(r.ceased) === 1,
    }));

  let active = 0;
  for (const [n, c] of customers.entries()) {
    const by = n % 2 ? collab : admin;
    // the story: which active customer is late, due, expired, rafforzata, PEP
    const k = c.ceased ? -1 : active++;
    const story =
      k === 0
        ? 'late'
        : k === 1
          ? 'pep'
          : k === 2
            ? 'rafforzata'
            : k === 3
              ? 'expired'
              : k >= 4 && k <= 6
                ? 'due'
                : 'ok';
    const services = c.person
      ? ['tenuta-contabilita', 'dichiarazioni-fiscali']
      : ['tenuta-contabilita', 'dichiarazioni-fiscali', 'consulenza-bilancio', 'amministrazione-personale'];
    if (story === 'rafforzata') services.push('finanza-straordinaria');
    const flags: RiskFlags = story === 'pep' ? { pep: true } : {};
    // the rafforzata one: a holding in a sector at risk, opaque behaviour, funds from abroad
    const customer =
      story === 'rafforzata'
        ? { naturaGiuridica: 3, attivitaPrevalente: 4, comportamento: 3, areaGeografica: 4 }
        : {
            naturaGiuridica: c.person ? 1 : 2,
            attivitaPrevalente: 1 + (n % 2),
            comportamento: 1,
            areaGeografica: 1 + (n % 3 === 0 ? 1 : 0),
          };
    const operation =
      story === 'rafforzata'
        ? { tipologia: 4, modalita: 4, ammontare: 4, frequenzaVolume: 3, ragionevolezza: 4, areaDestinazione: 4 }
        : { tipologia: 1, modalita: 1, ammontare: 2, frequenzaVolume: 1, ragionevolezza: 1, areaDestinazione: 1 };
    const risk = assessRisk({ services, customer, operation, flags });
    // when the assessment was made: so that its next check falls where the story wants it
    const months = { semplificata: 36, ordinaria: 24, rafforzata: 12 }[risk.level];
    const assessedOn =
      story === 'late'
        ? addDays(addYears(day, -months / 12), -45)
        : story === 'due'
          ? addDays(addYears(day, -months / 12), 10 + k * 3)
          : addDays(day, -(40 + ((n * 37) % 300)));
    const nextCheck = nextCheckDate(risk.level, assessedOn);

    const docExpiry = story === 'expired' ? addDays(day, -20) : addYears(day, 2 + (n % 7));
    const identifiedOn = story === 'expired' ? addYears(day, -8) : assessedOn;
    const ownersFor = (): AmlIdentificationInput['owners'] =>
      c.person
        ? [
            {
              name: c.rep_name,
              tax_code: c.rep_fiscal_code,
              share: 100,
              criterion: 'persona_fisica',
              source: 'dichiarazione',
            },
          ]
        : n % 2
          ? [
              {
                name: OWNER_NAMES[n % 4]!,
                tax_code: cf(CF_OWNERS[n % 4]!),
                share: 60,
                criterion: 'proprieta_diretta',
                source: 'registro_titolari',
              },
              {
                name: OWNER_NAMES[(n + 1) % 4]!,
                tax_code: cf(CF_OWNERS[(n + 1) % 4]!),
                share: 40,
                criterion: 'proprieta_diretta',
                source: 'registro_titolari',
              },
            ]
          : [
              {
                name: c.rep_name,
                tax_code: c.rep_fiscal_code,
                share: 100,
                criterion: 'proprieta_diretta',
                source: 'registro_imprese',
                pep: story === 'pep',
              },
            ];
    const doc = {
      holder: c.person ? ('cliente' as const) : ('esecutore' as const),
      type: 'carta_identita' as const,
      number: `CA${String(10000 + c.id * 7).slice(-5)}AB`,
      issuer: 'Comune di residenza',
      issued_on: addYears(docExpiry, -10),
      expires_on: docExpiry,
    };
    const data: AmlIdentificationInput = {
      subject: c.person ? 'persona_fisica' : 'persona_giuridica',
      customer_person: c.person ? { name: c.rep_name, tax_code: c.rep_fiscal_code, address: c.rep_address } : undefined,
      executor: c.person
        ? undefined
        : { name: c.rep_name, tax_code: c.rep_fiscal_code, address: c.rep_address, role: 'Legale rappresentante' },
      documents: [doc],
      identified_on: identifiedOn,
      method: n % 5 === 0 ? 'remoto_spid' : 'presenza',
      owners: ownersFor(),
      pep: story === 'pep',
      pep_details: story === 'pep' ? `${c.rep_name}: consigliere regionale in carica` : undefined,
      sanctions_checked_on: identifiedOn,
      sanctions_outcome: 'negativo',
      sanctions_lists: 'Liste consolidate UE e ONU delle sanzioni finanziarie',
      purpose:
        story === 'rafforzata'
          ? 'Assistenza nella cessione di un ramo d’azienda e tenuta della contabilità'
          : 'Tenuta della contabilità e adempimenti fiscali',
      nature: 'Rapporto continuativo',
      funds_origin: story === 'rafforzata' ? 'Utili accantonati e finanziamento bancario' : undefined,
      services,
    };
    const at = `${identifiedOn} 10:${String(n % 60).padStart(2, '0')}:00`;
    await exec(sql`INSERT INTO "aml_identifications" ("studio_id", "customer_id", "data", "identified_on",
        "documents_expire_on", "created_by", "created_by_name", "created_at")
      VALUES (${studioId}, ${c.id}, ${JSON.stringify(data)}::jsonb, ${identifiedOn}::date, ${firstExpiry(data.documents)}::date,
        ${by.id}, ${by.name}, ${at}::timestamp)`);
    const atAssessed = `${assessedOn} 11:${String(n % 60).padStart(2, '0')}:00`;
    await exec(sql`INSERT INTO "aml_assessments" ("studio_id", "customer_id", "services", "customer_scores",
        "operation_scores", "flags", "inherent", "specific", "effective", "computed_level", "level", "level_reason",
        "reasons", "next_check", "purpose", "pep", "created_by", "created_by_name", "created_at")
      VALUES (${studioId}, ${c.id}, ${JSON.stringify(services)}::jsonb, ${JSON.stringify(customer)}::jsonb,
        ${risk.tableBUsed ? JSON.stringify(operation) : null}::jsonb, ${JSON.stringify(flags)}::jsonb,
        ${risk.inherent}, ${risk.specific}, ${risk.effective}, ${risk.level}, ${risk.level}, NULL,
        ${JSON.stringify(risk.reasons)}::jsonb, ${nextCheck}::date, ${data.purpose}, ${!!flags.pep},
        ${by.id}, ${by.name}, ${atAssessed}::timestamp)`);
  }

  // the studio's self-assessment (Regola Tecnica 1), last year, and the staff's training
  const assessedOn = addDays(addYears(day, -1), -15);
  const inherent = { tipologiaClientela: 2, areaGeografica: 1, canaliDistributivi: 1, serviziOfferti: 2 };
  const vulnerability = { formazione: 2, adeguataVerifica: 2, conservazione: 1, segnalazioni: 2 };
  const self = selfAssessment(inherent, vulnerability);
  await exec(sql`INSERT INTO "aml_self_assessments" ("studio_id", "inherent_scores", "vulnerability_scores", "inherent",
      "vulnerability", "residual", "band", "mitigation", "assessed_on", "next_due", "created_by", "created_by_name", "created_at")
    VALUES (${studioId}, ${JSON.stringify(inherent)}::jsonb, ${JSON.stringify(vulnerability)}::jsonb, ${self.inherent},
      ${self.vulnerability}, ${self.residual}, ${self.band},
      ${'Formazione annuale di tutto il personale; adeguata verifica prima di ogni nuovo incarico; fascicoli nel gestionale con controllo costante pianificato.'},
      ${assessedOn}::date, ${addYears(assessedOn, 3)}::date, ${admin.id}, ${admin.name}, ${`${assessedOn} 09:00:00`}::timestamp)`);
  for (const [who, topic, hours, ago] of [
    [admin, 'Aggiornamento sulle Regole Tecniche CNDCEC 2025', 4, 300],
    [collab, 'Adeguata verifica e titolare effettivo: casi pratici', 3, 280],
    [collab, 'Segnalazione di operazioni sospette e indicatori di anomalia', 2, 90],
  ] as const) {
    const held = addDays(day, -ago);
    await exec(sql`INSERT INTO "aml_trainings" ("studio_id", "user_id", "person_name", "held_on", "topic", "provider", "hours",
        "created_by", "created_by_name", "created_at")
      VALUES (${studioId}, ${who.id}, ${who.name}, ${held}::date, ${topic}, ${'Ordine dei Dottori Commercialisti'}, ${hours},
        ${admin.id}, ${admin.name}, ${`${held} 18:00:00`}::timestamp)`);
  }
}
