/** Issue 49: the timer of the app bar and the weekly sheet ('Foglio ore'): server/areas/time. */
import { apiFetch } from '../api/client';
import { queryOf } from './common';
import type {
  Timer,
  TimerStartInput,
  TimerStopInput,
  TimerStopped,
  Week,
  WeekInput,
  WeekQuery,
} from '../../model/api/time';

export type { Timer, TimerStartInput, TimerStopped, Week, WeekInput, WeekRow } from '../../model/api/time';

export const timeCalls = {
  /** GET /api/time/timer: the caller's running timer, or null. */
  async timeTimer(params: { signal?: AbortSignal } = {}) {
    return (await apiFetch<{ data: Timer | null }>('/api/time/timer', { signal: params.signal })).data;
  },
  /** POST /api/time/timer/start (409 when one runs, 422 by field). */
  async startTimer(body: TimerStartInput) {
    return (await apiFetch<{ data: Timer }>('/api/time/timer/start', { method: 'POST', json: body })).data;
  },
  /** POST /api/time/timer/stop: the entry made, with the message to show. */
  async stopTimer(body: TimerStopInput = {}) {
    return (await apiFetch<{ data: TimerStopped }>('/api/time/timer/stop', { method: 'POST', json: body })).data;
  },
  /** POST /api/time/timer/discard: nothing recorded. */
  async discardTimer() {
    await apiFetch('/api/time/timer/discard', { method: 'POST' });
  },
  /** GET /api/time/week?from=…[&user_id=…]: a user's week from its Monday. */
  async timeWeek(q: WeekQuery, params: { signal?: AbortSignal } = {}) {
    return (await apiFetch<{ data: Week }>(`/api/time/week?${queryOf(q)}`, { signal: params.signal })).data;
  },
  /** PUT /api/time/week: the rows' cells set at once (422 by cell path: `rows.2.days.4`). */
  async saveTimeWeek(body: WeekInput) {
    return (await apiFetch<{ data: Week }>('/api/time/week', { method: 'PUT', json: body })).data;
  },
};
