/** The whatsapp module's endpoints. */
export const whatsappEndpoints = {} as const;
