/**
 * Compiles only when a client generated from the OpenAPI document (openapi-typescript) agrees with
 * the contract's own types for every endpoint: the same answer, both ways, and a JSON body the
 * generated client may send is one the contract accepts.
 */
import type { EndpointAnswer, EndpointName, Endpoints } from '../src';
import type { z } from 'zod';
import type { paths } from '../.generated/openapi';

type OpenApiPath<P extends string> = P extends `${infer Head}:${infer Param}/${infer Rest}`
  ? `${Head}{${Param}}/${OpenApiPath<Rest>}`
  : P extends `${infer Head}:${infer Param}`
    ? `${Head}{${Param}}`
    : P;

type Operation<N extends EndpointName> =
  OpenApiPath<Endpoints[N]['path']> extends keyof paths
    ? Lowercase<Endpoints[N]['method']> extends keyof paths[OpenApiPath<Endpoints[N]['path']>]
      ? paths[OpenApiPath<Endpoints[N]['path']>][Lowercase<Endpoints[N]['method']>]
      : never
    : never;

type SuccessStatus<N extends EndpointName> = Endpoints[N] extends { status: infer S extends number }
  ? S
  : 200;
type GeneratedAnswer<N extends EndpointName> =
  Operation<N> extends {
    responses: Record<SuccessStatus<N>, { content: { 'application/json': infer A } }>;
  }
    ? A
    : 'no JSON answer in the document';
type GeneratedBody<N extends EndpointName> =
  Operation<N> extends {
    requestBody: { content: { 'application/json': infer B } };
  }
    ? B
    : undefined;
type ContractBody<N extends EndpointName> = Endpoints[N] extends { upload: true }
  ? undefined
  : Endpoints[N] extends { body: infer S extends z.ZodType }
    ? z.input<S>
    : undefined;

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

type Disagreements = {
  [N in EndpointName]: Same<GeneratedAnswer<N>, EndpointAnswer<Endpoints[N]>> extends true
    ? [GeneratedBody<N>] extends [ContractBody<N>]
      ? never
      : `${N}: request body`
    : `${N}: answer`;
}[EndpointName];

/** Fails to compile, naming the endpoints, when the generated client and the contract disagree. */
const _everyEndpointAgrees: [Disagreements] extends [never] ? true : `${Disagreements}` = true;
