/** The audit module's endpoints. */
export const auditEndpoints = {} as const;
