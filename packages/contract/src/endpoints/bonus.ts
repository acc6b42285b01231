/** The bonus module's endpoints. */
export const bonusEndpoints = {} as const;
