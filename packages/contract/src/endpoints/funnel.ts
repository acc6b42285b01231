/** The funnel module's endpoints. */
export const funnelEndpoints = {} as const;
