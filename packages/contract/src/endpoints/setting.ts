/** The setting module's endpoints. */
export const settingEndpoints = {} as const;
