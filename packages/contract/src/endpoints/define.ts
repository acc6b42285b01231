import { z } from '../validation-texts';
import type { Message } from '../messages';
import type { Role } from '../roles';
import { pageMetaSchema } from '../schemas/common';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The answer of every error: the text to show, per-field texts for a form, extras some errors carry. */
export const errorAnswerSchema = z.looseObject({
  msg: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
  requestId: z.string().optional(),
});

/** Error statuses an endpoint answers beyond the ones every endpoint may (400, 401, 403, 413, 429, 5xx). */
export type ErrorStatus = 404 | 409 | 410 | 422 | 423;

/** A time as JSON carries it: an ISO 8601 string (the server's Date objects serialise to one). */
export const timestampSchema = z.preprocess(
  (value) => (value instanceof Date ? value.toISOString() : value),
  z.string(),
);

/** The answer of a change without data of its own: the text to show. */
export const saidSchema = z.object({ msg: z.string() });
/** What a bulk action answers: how many of the chosen rows it changed. */
export const countedSchema = z.object({ count: z.number().int(), msg: z.string() });

/** A page of rows and the pager's figures. */
export const pagedSchema = <Row extends z.ZodType>(row: Row) =>
  z.object({ data: z.array(row), meta: pageMetaSchema });

export interface EndpointDefinition {
  method: HttpMethod;
  /** Fastify style: `/api/admin/level/:id`. */
  path: string;
  /** 'public' or the roles admitted; the server enforces it before any handler runs. */
  access: 'public' | readonly Role[];
  /** Path parameter naming a user: non-operators may pass only their own id, operators also 'all'. */
  ownerParam?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  /** JSON body, or the multipart form's fields when `upload` is set. */
  body?: z.ZodType;
  /** Multipart form with a `file` part after the fields. */
  upload?: boolean;
  /** The success answer (status 200 unless `status` says otherwise). */
  answer: z.ZodType;
  status?: 200 | 201 | 202;
  /** Besides JSON, the answer may be a file of this type (a CSV download). */
  download?: 'text/csv';
  /** Error statuses beyond the common ones. */
  errors?: readonly ErrorStatus[];
  summary: string;
  tags?: readonly string[];
}

/** Declares one endpoint; `const` keeps its literal method, path and schemas for inference. */
export const endpoint = <const E extends EndpointDefinition>(definition: E): E => definition;

type Schema<E, K extends 'params' | 'query' | 'body'> =
  E extends Record<K, infer S extends z.ZodType> ? S : undefined;

/** A multipart form (the browser's FormData), typed loosely so the contract needs no DOM types. */
export interface UploadForm {
  append: (...args: never[]) => unknown;
}

/** What a caller passes: the input side of the endpoint's schemas. */
export type EndpointInput<E extends EndpointDefinition> = (Schema<E, 'params'> extends z.ZodType
  ? { params: z.input<Schema<E, 'params'> & z.ZodType> }
  : { params?: undefined }) &
  (Schema<E, 'query'> extends z.ZodType
    ? { query?: z.input<Schema<E, 'query'> & z.ZodType> }
    : { query?: undefined }) &
  (Schema<E, 'body'> extends z.ZodType
    ? { body: E['upload'] extends true ? UploadForm : z.input<Schema<E, 'body'> & z.ZodType> }
    : { body?: undefined });

/** What the server answers on success, as the caller reads it. */
export type EndpointAnswer<E extends EndpointDefinition> = z.output<E['answer']>;

/** A text in an answer may be a Message, written in the reader's language as the answer is sent. */
type TextsAsMessages<T> = T extends string
  ? string extends T
    ? T | Message
    : T
  : T extends Date
    ? T
    : T extends readonly (infer Item)[]
      ? TextsAsMessages<Item>[]
      : T extends object
        ? { [K in keyof T]: TextsAsMessages<T[K]> }
        : T;

/**
 * What a handler may return: the input side of the answer's schema (a Date where a time is due, a
 * Message where a text is).
 */
export type EndpointReturn<E extends EndpointDefinition> = TextsAsMessages<z.input<E['answer']>>;
