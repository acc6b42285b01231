/** The stats module's endpoints. */
export const statsEndpoints = {} as const;
