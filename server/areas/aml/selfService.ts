/**
 * The studio's self-assessment of its anti-money-laundering risk (CNDCEC Regola Tecnica 1, the
 * arithmetic in model/aml.ts) and the staff's training log (art. 16 c. 3 D.Lgs. 231/2007), issue 48
 * item 5. Both are the Admin's: the Collaboratore and the Utente neither read nor write them. Each
 * record is kept as made (a new self-assessment never replaces the earlier ones); the one in force
 * is the latest, redone every SELF_ASSESSMENT_YEARS years.
 */
import { atLeast } from '../../../model/define.js';
import { isoDate, today } from '../../../model/dates.js';
import {
  AmlValidationError,
  SELF_INHERENT_FACTORS,
  VULNERABILITY_FACTORS,
  nextSelfAssessmentDate,
  selfAssessment,
  type SelfInherentKey,
  type VulnerabilityKey,
} from '../../../model/aml.js';
import type {
  AmlSelfAssessment,
  AmlSelfAssessmentInput,
  AmlStudioFile,
  AmlTraining,
  AmlTrainingInput,
} from '../../../model/api/aml.js';
import type { Ctx } from '../../auth/context.js';
import { HttpError, forbidden } from '../../errors.js';
import type { Exec } from '../../records/exec.js';
import { insertSelfAssessment, insertTraining, selfAssessmentsOf, studioUser, trainingsOf } from './selfQueries.js';

export const SELF_MESSAGES = {
  badDate: 'Data non valida (GG-MM-AAAA)',
  futureAssessment: 'La data della valutazione non può essere futura',
  futureTraining: 'La data della formazione non può essere futura',
  userNotFound: 'Utente non trovato nello studio',
  personRequired: 'Indica chi ha seguito la formazione',
  topicRequired: 'Indica l’argomento',
  hoursRequired: 'Indica le ore',
  hoursMax: 'Al massimo 200 ore',
} as const;

/** Hours of one training: more than 0, at most this. */
export const TRAINING_MAX_HOURS = 200;

/** The self-assessment and the training log are the Admin's. */
function allow(ctx: Ctx) {
  if (!atLeast(ctx.role, 'Admin')) throw forbidden();
}

/** Field errors gathered, answered at once (422, the messages joined as the answer's message). */
function checks() {
  const errors: Record<string, string[]> = {};
  return {
    add(field: string, message: string) {
      (errors[field] ??= []).push(message);
    },
    done() {
      const all = Object.values(errors).flat();
      if (all.length) throw new HttpError(422, all.join(' '), errors);
    },
  };
}

/** A real calendar day not after today, or the field's error. */
function pastDay(
  value: string | undefined,
  field: string,
  future: string,
  day: string,
  c: ReturnType<typeof checks>,
): string {
  if (value === undefined) return day;
  const iso = isoDate(value);
  if (!iso) c.add(field, SELF_MESSAGES.badDate);
  else if (iso > day) c.add(field, future);
  return iso ?? day;
}

/** Only the factors of the rules, as entered (an unknown key is left out). */
const known = (keys: readonly { key: string }[], scores: Record<string, number>) =>
  Object.fromEntries(keys.filter((f) => scores[f.key] !== undefined).map((f) => [f.key, scores[f.key]!]));

/** GET /api/aml/self_assessments: the one in force, the history, when the next is due, the training log. */
export async function studioAmlFile(exec: Exec, ctx: Ctx, now = new Date()): Promise<AmlStudioFile> {
  allow(ctx);
  const history = await selfAssessmentsOf(exec, ctx.studioId);
  const current = history[0] ?? null;
  const nextDue = current ? nextSelfAssessmentDate(current.assessed_on) : null;
  return {
    current,
    history,
    next_due: nextDue,
    overdue: nextDue === null || nextDue < today(now),
    trainings: await trainingsOf(exec, ctx.studioId),
  };
}

/** POST /api/aml/self_assessments: a new self-assessment (the earlier ones stay). */
export async function addSelfAssessment(
  exec: Exec,
  ctx: Ctx,
  body: AmlSelfAssessmentInput,
  now = new Date(),
): Promise<AmlSelfAssessment> {
  allow(ctx);
  const c = checks();
  const inherentScores = known(SELF_INHERENT_FACTORS, body.inherent ?? {});
  const vulnerabilityScores = known(VULNERABILITY_FACTORS, body.vulnerability ?? {});
  let result: ReturnType<typeof selfAssessment> | null = null;
  try {
    result = selfAssessment(
      inherentScores as Partial<Record<SelfInherentKey, number>>,
      vulnerabilityScores as Partial<Record<VulnerabilityKey, number>>,
    );
  } catch (e) {
    if (!(e instanceof AmlValidationError)) throw e;
    for (const m of e.messages) c.add(m.startsWith('Vulnerabilità') ? 'vulnerability' : 'inherent', m);
  }
  const assessedOn = pastDay(body.assessed_on, 'assessed_on', SELF_MESSAGES.futureAssessment, today(now), c);
  c.done();
  const r = result!;
  const id = await insertSelfAssessment(exec, ctx.studioId, {
    inherent_scores: inherentScores,
    vulnerability_scores: vulnerabilityScores,
    inherent: r.inherent,
    vulnerability: r.vulnerability,
    residual: r.residual,
    band: r.band,
    mitigation: body.mitigation?.trim() || null,
    assessed_on: assessedOn,
    next_due: nextSelfAssessmentDate(assessedOn),
    created_by: ctx.userId,
    created_by_name: ctx.name,
  });
  return (await selfAssessmentsOf(exec, ctx.studioId)).find((a) => a.id === id)!;
}

/** POST /api/aml/trainings: a training of a member of the staff (a user of the studio, or a name). */
export async function addTraining(
  exec: Exec,
  ctx: Ctx,
  body: AmlTrainingInput,
  now = new Date(),
): Promise<AmlTraining> {
  allow(ctx);
  const c = checks();
  let personName = body.person_name?.trim() ?? '';
  let userId: number | null = null;
  if (body.user_id !== undefined) {
    const user = await studioUser(exec, ctx.studioId, body.user_id);
    if (!user) c.add('user_id', SELF_MESSAGES.userNotFound);
    else {
      userId = user.id;
      personName = user.name;
    }
  } else if (!personName) c.add('person_name', SELF_MESSAGES.personRequired);
  const heldOn = pastDay(body.held_on, 'held_on', SELF_MESSAGES.futureTraining, today(now), c);
  const topic = body.topic.trim();
  if (!topic) c.add('topic', SELF_MESSAGES.topicRequired);
  // the log keeps hundredths of an hour: less than one is no time at all
  const hours = body.hours;
  if (!(hours >= 0.01)) c.add('hours', SELF_MESSAGES.hoursRequired);
  else if (hours > TRAINING_MAX_HOURS) c.add('hours', SELF_MESSAGES.hoursMax);
  c.done();
  const id = await insertTraining(exec, ctx.studioId, {
    user_id: userId,
    person_name: personName,
    held_on: heldOn,
    topic,
    provider: body.provider?.trim() || null,
    hours,
    created_by: ctx.userId,
    created_by_name: ctx.name,
  });
  return (await trainingsOf(exec, ctx.studioId)).find((t) => t.id === id)!;
}
