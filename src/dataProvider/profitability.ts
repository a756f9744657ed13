/** Issue 49: 'Redditività'. */
export const profitabilityCalls = {};
