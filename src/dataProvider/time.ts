/** Issue 49: the timer and the weekly sheet. */
export const timeCalls = {};
