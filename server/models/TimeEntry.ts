/**
 * Behaviour of time entries (issue 49 items 4, 6, 7): a role below Admin sees and writes only his
 * own entries (the row scope), and his entry is always his own (user_id forced to the caller; another
 * user's id is refused); the Admin records for any user of his studio (himself by default). The day
 * is not in the future, and the user's total of that day with this entry is at most 24 hours (the
 * other entries counted, under a lock per user so two writes at once cannot pass it together). The
 * weekly sheet and the timer (server/areas/time) keep the same rules.
 */
import { atLeast } from '../../model/define.js';
import { today } from '../../model/dates.js';
import { DAY_MINUTES, TIME_MESSAGES, dayOverMessage } from '../../model/time.js';
import { HttpError, MSG } from '../errors.js';
import { dayMinutes, lockUserTime, ownRows } from '../areas/time/queries.js';
import type { ModelHooks } from './hooks.js';

const ownOnly = () => new HttpError(422, MSG.validation, { user_id: [TIME_MESSAGES.ownOnly] });

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

export const TimeEntryHooks: ModelHooks = {
  rowScope(ctx, alias) {
    return atLeast(ctx.role, 'Admin') ? null : ownRows(alias, ctx.userId);
  },

  beforeValidate({ ctx, mode, input }) {
    const given = input.user_id;
    if (!atLeast(ctx.role, 'Admin')) {
      if (!isEmpty(given) && Number(given) !== ctx.userId) throw ownOnly();
      // an update that does not name the user leaves it (his own row: the row scope)
      if (mode === 'create' || 'user_id' in input) input.user_id = ctx.userId;
    } else if (mode === 'create' && isEmpty(given)) input.user_id = ctx.userId;
    return input;
  },

  async beforeChange({ exec, ctx, mode, values, errors, existing }) {
    if (mode === 'update' && 'user_id' in values && values.user_id == null) values.user_id = existing?.user_id ?? null;
    const userId = Number(values.user_id ?? existing?.user_id ?? ctx.userId);
    if (mode === 'create' && values.user_id == null) values.user_id = userId;
    const day = String(values.date ?? existing?.date ?? '');
    const minutes = Number(values.minutes ?? existing?.minutes);
    if (!errors.date && day && day > today()) errors.date = [TIME_MESSAGES.future];
    if (errors.date || errors.minutes || errors.user_id || !day || !Number.isInteger(minutes)) return;
    await lockUserTime(exec, userId);
    const others = await dayMinutes(exec, ctx.studioId, userId, day, existing ? [Number(existing.id)] : []);
    if (others + minutes > DAY_MINUTES) errors.minutes = [dayOverMessage(day, others + minutes)];
  },
};
