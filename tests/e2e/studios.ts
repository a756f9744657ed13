/**
 * Which studio each browser test file works in. The files of a worker run one after the other on
 * that worker's server (tests/e2e/globalSetup.ts), so whatever a file writes is still there for
 * the next one: a file that writes anything in a studio (customers, movements, settings, users,
 * saved views, a payment…) has a studio of its own, a copy of Studio Demo (or Studio Bianchi)
 * seeded into the run's database image with the demo data's own seeds (server/db/demo.ts
 * `addDemoStudio`): the same customers, master data, jobs, e-invoices and users' names, under the
 * name 'Studio Demo <file>' and the logins admin@<file>.e2e.test and collaboratore@<file>.e2e.test
 * (password Demo2026!). Files not listed only read Studio Demo (or use no studio at all) and
 * share it; outbox.test.ts has a server of its own (its SMTP_URL).
 *
 * What is not a studio's is shared by the files of a server: the studios and users the SuperAdmin
 * lists, the roles, the Word templates (wordTemplates adds one), the
 * registered studio and the outbox (publicArea). The files that look at them find their own rows
 * by name or recipient and count nothing another file adds. The login limit (10 a minute per
 * address and e-mail) is per server: the shared logins (the SuperAdmin, Studio Demo's Admin) are
 * used a few times per file, well under it.
 */
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DemoStudioCopy } from '../../server/db/demo';

/** file name (without .test.ts) → the demo studio it copies */
export const OWN_STUDIO = {
  // creates a user of the role Utente
  accessibilityUtente: 'demo',
  // a customer and its movements
  accounts: 'demo',
  // risk assessments in a customer's AML file (append-only: its customer can no longer be trashed)
  aml: 'demo',
  // mandates, an SDD batch, a bank statement reconciled
  collections: 'demo',
  // reminder rules, the day's run, reminders sent, a payment
  reminders: 'demo',
  assignments: 'demo',
  bulkActions: 'demo',
  customerImport: 'demo',
  // edits, trashes and restores the first customer
  customers: 'demo',
  eDocuments: 'demo',
  // issues the invoices of the charges of a period
  invoicing: 'demo',
  jobsDashboard: 'demo',
  keyboard: 'demo',
  // the studio's expiry and payment history
  payments: 'demo',
  // invites a customer's person to the area, a request answered, the letter accepted, a message
  portal: 'demo',
  payslips: 'demo',
  // the Admin's views and columns, kept on the server
  savedViews: 'demo',
  // issues the month's invoices and sends them to SdI
  sdi: 'demo',
  // creates a user of the role Utente
  roleMatrix: 'demo',
  // completes the studio card of an incomplete studio
  studioAdmin: 'bianchi',
} as const satisfies Record<string, DemoStudioCopy['like']>;

export type StudioFile = keyof typeof OWN_STUDIO;

export interface StudioLogins {
  /** the studio's name */
  name: string;
  /** its Admin (Marco Rossi; Giulia Bianchi in a copy of Studio Bianchi) */
  admin: string;
  /** its Collaboratore (Laura Neri); Studio Bianchi has none */
  collaboratore: string;
}

/** Studio Demo of the demo data, shared by the files that only read it. */
export const DEMO_STUDIO: StudioLogins = {
  name: 'Studio Demo',
  admin: 'admin@studiodemo.test',
  collaboratore: 'collaboratore@studiodemo.test',
};
/** The vendor's SuperAdmin: sees every studio. */
export const SUPERADMIN = 'superadmin@gestionale.test';

/** What the image's set-up seeds for a file of OWN_STUDIO. */
export function studioCopy(file: StudioFile): DemoStudioCopy {
  const like = OWN_STUDIO[file];
  const domain = `${file.toLowerCase()}.e2e.test`;
  return like === 'demo'
    ? { like, name: `Studio Demo ${file}`, admin: `admin@${domain}`, collaboratore: `collaboratore@${domain}` }
    : { like, name: `Studio Bianchi ${file}`, admin: `admin@${domain}` };
}

/** Every studio of the image, in a fixed order. */
export const studioCopies = (): DemoStudioCopy[] => (Object.keys(OWN_STUDIO) as StudioFile[]).map(studioCopy);

/**
 * The studio of a test file (`import.meta.url` or its path): its own when it is listed above,
 * else the shared Studio Demo.
 */
export function studioFor(testFile: string): StudioLogins {
  const file = basename(testFile.startsWith('file:') ? fileURLToPath(testFile) : testFile).replace(/\.test\.ts$/, '');
  if (!Object.hasOwn(OWN_STUDIO, file)) return DEMO_STUDIO;
  const copy = studioCopy(file as StudioFile);
  return {
    name: copy.name,
    admin: copy.admin,
    get collaboratore(): string {
      if (!copy.collaboratore) throw new Error(`${copy.name} (a copy of Studio Bianchi) has no Collaboratore`);
      return copy.collaboratore;
    },
  };
}
