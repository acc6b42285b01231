/** The messagelog module's endpoints. */
export const messagelogEndpoints = {} as const;
