/** The withdraw module's endpoints. */
export const withdrawEndpoints = {} as const;
