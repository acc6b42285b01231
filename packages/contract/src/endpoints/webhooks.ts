/** The webhooks module's endpoints. */
export const webhooksEndpoints = {} as const;
