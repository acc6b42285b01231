/** The sandbox module's endpoints. */
export const sandboxEndpoints = {} as const;
