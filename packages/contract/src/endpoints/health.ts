/** The health module's endpoints. */
export const healthEndpoints = {} as const;
