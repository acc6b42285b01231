/** The users module's endpoints. */
export const usersEndpoints = {} as const;
