/**
 * Behaviour of engagements (issue 49): a Collaboratore sees the engagements of his customers (those
 * he follows for accounting or for the studio's jobs); an engagement is changed only while it is a
 * draft (then its note only: the letter sent or signed is the agreement), its end not before its
 * start, a fixed update with its percentage, its dates not overlapping another engagement of the
 * customer with the same service; one that has billed is ended, never deleted.
 */
import type { ModelHooks } from './hooks.js';
import { ENGAGEMENT_MESSAGES } from '../../model/engagements.js';
import { HttpError } from '../errors.js';
import { overlapErrors } from '../areas/engagements/overlap.js';
import { billedTitles, engagementRowScope, serviceIdsOf } from '../areas/engagements/queries.js';

/** what may change once the letter is sent */
const ALWAYS = new Set(['note']);
const same = (a: unknown, b: unknown) => String(a ?? '') === String(b ?? '');

export const EngagementHooks: ModelHooks = {
  rowScope: engagementRowScope,
  async beforeChange({ exec, ctx, mode, values, errors, existing }) {
    const v = { ...existing, ...values };
    if (mode === 'update' && existing && existing.status !== 'draft') {
      const changed = Object.keys(values).filter((k) => !ALWAYS.has(k) && !same(values[k], existing[k]));
      if (changed.length) errors[changed[0]!] = [ENGAGEMENT_MESSAGES.notDraft];
      return;
    }
    if (v.end_date && v.start_date && String(v.end_date) < String(v.start_date))
      errors.end_date = [ENGAGEMENT_MESSAGES.endBeforeStart];
    if (v.update_kind === 'fixed' && !(Number(v.update_percent) >= 0.01 && Number(v.update_percent) <= 20))
      errors.update_percent = [ENGAGEMENT_MESSAGES.updatePercent];
    if (mode === 'update' && existing && !errors.end_date && v.start_date) {
      const services = await serviceIdsOf(exec, existing.id);
      const found = await overlapErrors(
        exec,
        ctx.studioId,
        Number(existing.id),
        Number(v.customer_id),
        { start: String(v.start_date), end: v.end_date ? String(v.end_date) : null },
        services.map((id) => ({ studio_service_id: id })),
      );
      const first = Object.values(found)[0];
      if (first) errors.start_date = [first];
    }
  },
  async beforeDelete({ exec, ids }) {
    if (!ids.length) return;
    const billed = await billedTitles(exec, ids);
    if (billed.length)
      throw new HttpError(
        409,
        `${billed.map((t) => `L'incarico «${t}»`).join(', ')} ha già fatto addebiti: cessalo (Cessa incarico) invece di eliminarlo`,
      );
  },
};
