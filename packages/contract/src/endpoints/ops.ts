/** The ops module's endpoints. */
export const opsEndpoints = {} as const;
