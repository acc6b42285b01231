/** The imports module's endpoints. */
export const importsEndpoints = {} as const;
