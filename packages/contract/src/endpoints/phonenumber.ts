/** The phonenumber module's endpoints. */
export const phonenumberEndpoints = {} as const;
