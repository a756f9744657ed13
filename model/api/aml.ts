/**
 * The calls of the customer's anti-money-laundering file (server/areas/aml; issue 48): its risk
 * assessments (Regola Tecnica 2), each kept as made. One source for the server's schemas, its
 * services' input and the app's types.
 */
import { z } from 'zod';

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

/** GET /api/customer/:id/aml: the current assessment (the last) and the history, newest first. */
export const CustomerAml = z.object({
  customer_id: z.number().int(),
  current: AmlAssessment.nullable(),
  history: z.array(AmlAssessment),
  /** the next check is past */
  overdue: z.boolean(),
});
export type CustomerAml = z.infer<typeof CustomerAml>;
