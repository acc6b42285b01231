/** The suppression module's endpoints. */
export const suppressionEndpoints = {} as const;
