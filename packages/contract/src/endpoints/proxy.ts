/** The proxy module's endpoints. */
export const proxyEndpoints = {} as const;
