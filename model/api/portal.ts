/**
 * The studio's calls of the customers' own area (server/areas/portal; issue 50): the people of a
 * customer invited to the area, the invitation, its sending again, the revocation of a person's
 * access and the end of his sessions. The area's own pages (`/area-clienti/…`) are HTML, not these.
 */
import { z } from 'zod';

/** A person of a customer in the area, as the studio's customer card lists them. */
export const PortalPerson = z.object({
  access_id: z.number().int(),
  person_id: z.number().int(),
  email: z.string(),
  name: z.string().nullable(),
  status: z.enum(['invitato', 'attivo', 'revocato']),
  invited_at: z.string().describe('YYYY-MM-DD HH:MM:SS (Europe/Rome)'),
  invited_by_name: z.string().nullable(),
  last_login_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  /** sessions open now (not ended, not idle too long) */
  sessions: z.number().int(),
  /** the person has chosen a password (else only links) */
  has_password: z.boolean(),
});
export type PortalPerson = z.infer<typeof PortalPerson>;

export const PortalPeople = z.object({
  customer_id: z.number().int(),
  people: z.array(PortalPerson),
  /** the area's address, for the studio to tell */
  url: z.string(),
});
export type PortalPeople = z.infer<typeof PortalPeople>;

/** POST /api/customer/{id}/portal/invite: addresses as typed (split by server and app alike, model/portal.ts). */
export const PortalInviteInput = z.object({
  emails: z.union([z.string(), z.array(z.string())]),
  name: z.string().nullish(),
});
export type PortalInviteInput = z.infer<typeof PortalInviteInput>;

export const PortalInviteResult = z.object({
  data: PortalPeople,
  /** the addresses an invitation was e-mailed to */
  invited: z.array(z.string()),
});
export type PortalInviteResult = z.infer<typeof PortalInviteResult>;

/** A file the studio shares with the customer in the area, with when the customer first opened it. */
export const SharedFile = z.object({
  id: z.number().int(),
  filename: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  scan: z.enum(['ok', 'quarantena', 'non_verificato']),
  uploaded_by_name: z.string().nullable(),
  created_at: z.string(),
  first_opened_at: z.string().nullable(),
});
export type SharedFile = z.infer<typeof SharedFile>;
