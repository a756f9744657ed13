/** The query key of the caller's running timer (the app bar, its dialog and the weekly sheet refresh it). */
export const TIMER_KEY = ['time', 'timer'] as const;
