/** Issue 49: the engagements' services, billing run and log. */
export const engagementCalls = {};
