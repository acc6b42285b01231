/** The schedule module's endpoints. */
export const scheduleEndpoints = {} as const;
