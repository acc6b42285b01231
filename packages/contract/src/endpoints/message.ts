/** The message module's endpoints. */
export const messageEndpoints = {} as const;
