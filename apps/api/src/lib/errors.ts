/** An answer the panel shows as is: `msg` carries the spec's text (spec 01 §7). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly msg: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(msg);
  }
}
