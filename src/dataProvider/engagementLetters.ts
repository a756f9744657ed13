/** Issue 49: the engagement letter. */
export const engagementLetterCalls = {};
