/** The monitor module's endpoints. */
export const monitorEndpoints = {} as const;
