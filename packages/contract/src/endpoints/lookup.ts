/** The lookup module's endpoints. */
export const lookupEndpoints = {} as const;
