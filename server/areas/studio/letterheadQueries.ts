/**
 * The studio's letterhead as every document prints it (name, address, ids, IBAN, footer, logo),
 * read from its row. One read for the documents area and the areas whose documents are reached
 * from a model's own file (the AML declaration): the documents area's public file leads back to the
 * customers' model, so those cannot import it without a cycle.
 */
import { sql } from 'drizzle-orm';
import type { Exec } from '../../records/exec.js';
import { printableImage, sideOf } from '../../records/images.js';
import type { StudioData } from '../../render/frame.js';
import { getModel } from '../../../model/registry.js';

const text = (v: unknown) => (v == null || v === '' ? null : String(v));

export async function studioData(exec: Exec, studioId: number): Promise<StudioData> {
  const [s] =
    await exec(sql`SELECT "name", "subtitle", "address", "email", "tel_number", "vat_number", "website", "iban", "footer_line1", "logo"
    FROM "studios" WHERE "id" = ${studioId}`);
  return {
    name: text(s?.name),
    subtitle: text(s?.subtitle),
    address: text(s?.address),
    email: text(s?.email),
    tel_number: text(s?.tel_number),
    vat_number: text(s?.vat_number),
    website: text(s?.website),
    iban: text(s?.iban),
    footer_line1: text(s?.footer_line1),
    // checked and scaled as at upload (a logo stored before that rule may be huge or corrupt): left out when it fails
    logo: await printableImage(text(s?.logo), sideOf(getModel('Studio').fields.logo!)),
  };
}
