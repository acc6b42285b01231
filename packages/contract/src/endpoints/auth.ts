/** The auth module's endpoints. */
export const authEndpoints = {} as const;
