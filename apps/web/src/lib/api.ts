import {
  endpointPath,
  type EndpointAnswer,
  type EndpointInput,
  type EndpointName,
  type Endpoints,
  type HttpMethod,
} from '@blaster/contract';
import { acceptLanguage, messages } from '../i18n';
import { clearSession, getStoredUser, signOut } from './session';

interface EndpointRoute {
  method: HttpMethod;
  path: string;
  auth: boolean;
}
// Filled in from the contract's endpoint table when the panel is built (vite.config.ts): the table
// itself carries every schema, and so zod, which a screen that only calls endpoints does not need.
declare const __ENDPOINT_ROUTES__: Record<EndpointName, EndpointRoute>;

/** An endpoint's method, path and whether it needs a session. */
export const endpointRoute = (name: EndpointName): EndpointRoute => __ENDPOINT_ROUTES__[name];

/** A failed call, carrying the text to show (the server's msg) and any per-field errors. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors: Record<string, string> = {},
    readonly code?: number,
  ) {
    super(message);
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** JSON, or FormData for uploads (sent as multipart with its own boundary). */
  body?: unknown;
  /** Public calls (sign-in, sign-up, validate) need no session. */
  auth?: boolean;
  /** Text shown when the server gives none. */
  fallback?: string;
  signal?: AbortSignal;
  /**
   * Hears how much of a FormData body was sent (bytes, and the total when the browser knows it). fetch
   * cannot tell, so such a request goes by XMLHttpRequest, with the same answers and errors.
   */
  onUploadProgress?(progress: UploadProgress): void;
}

/** Bytes of a request's body sent so far, and the body's size when the browser knows it. */
export interface UploadProgress {
  sent: number;
  total: number | null;
}

let onUnauthorized: () => void = () => {
  void signOut();
  clearSession();
  if (window.location.pathname !== '/signin') window.location.assign('/signin');
};
/** Lets the router replace the hard redirect with a client-side one. */
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

/**
 * The one fetch wrapper: base path, JSON, and error texts from the contract. The token travels in its
 * HttpOnly cookie, which the browser adds by itself; the panel never sees it. The spec's client-side
 * block ('Authorization token is missing') therefore looks at the readable user cookie, the panel's
 * sign of a session.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const MSG = messages();
  const { method = 'GET', body, auth = true, fallback = MSG.internalServerError, signal } = options;
  const form = body instanceof FormData;
  if (form && options.onUploadProgress) return sendForm(path, { ...options, method, auth, fallback, body });
  // Without a body, no JSON type: the server refuses an empty body that claims to be JSON.
  const headers: Record<string, string> =
    form || body === undefined ? {} : { 'content-type': 'application/json' };
  // The server answers its messages in the panel's language.
  headers['accept-language'] = acceptLanguage();
  if (auth && !getStoredUser()) throw new ApiError(MSG.tokenMissing, 0);

  let response: Response | null = null;
  let data: Record<string, unknown> | null;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
      signal,
    });
    data = (await response.json()) as Record<string, unknown> | null;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError')
      throw new ApiError(MSG.requestTimedOut, 0);
    // No answer at all (offline, server out of reach): a change says so in the spec's words (01 §8);
    // a read, or an answer that is not JSON, stays 'Internal server error'.
    throw new ApiError(response === null && method !== 'GET' ? MSG.networkError : MSG.internalServerError, 0);
  }

  if (!response.ok) throw refusal(response.status, data, fallback, auth);
  return data as T;
}

/** A refused call's error: the server's msg (else `fallback`); a 401 on a signed-in call signs out. */
function refusal(status: number, data: Record<string, unknown> | null, fallback: string, auth: boolean) {
  if (status === 401 && auth) onUnauthorized();
  const text = [data?.msg, data?.message, data?.error].find((value) => typeof value === 'string' && value);
  const errors = (data?.errors ?? {}) as Record<string, string>;
  return new ApiError((text as string | undefined) ?? fallback, status, errors, data?.code as number);
}

/** `apiRequest` of a form by XMLHttpRequest, whose upload tells its progress as the body leaves. */
function sendForm<T>(
  path: string,
  options: RequestOptions & { method: string; auth: boolean; fallback: string; body: FormData },
): Promise<T> {
  const MSG = messages();
  const { method, auth, fallback, body, signal, onUploadProgress } = options;
  if (auth && !getStoredUser()) return Promise.reject(new ApiError(MSG.tokenMissing, 0));
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, path);
    request.withCredentials = true;
    request.setRequestHeader('accept-language', acceptLanguage());
    request.upload.onprogress = (event) =>
      onUploadProgress?.({ sent: event.loaded, total: event.lengthComputable ? event.total : null });
    // No answer at all (offline, server out of reach), as apiRequest says it.
    request.onerror = () => reject(new ApiError(MSG.networkError, 0));
    request.onabort = () => reject(new ApiError(MSG.requestTimedOut, 0));
    request.onload = () => {
      let data: Record<string, unknown> | null;
      try {
        data = JSON.parse(request.responseText) as Record<string, unknown> | null;
      } catch {
        reject(new ApiError(MSG.internalServerError, 0));
        return;
      }
      if (request.status >= 200 && request.status < 300) resolve(data as T);
      else reject(refusal(request.status, data, fallback, auth));
    };
    signal?.addEventListener('abort', () => request.abort());
    request.send(body);
  });
}

export const errorText = (error: unknown, fallback?: string) =>
  error instanceof Error && error.message ? error.message : (fallback ?? messages().internalServerError);

type CallInput<N extends EndpointName> = EndpointInput<Endpoints[N]> & {
  /** A query string already built (a list's page, search and filters from the address bar). */
  search?: string;
};
type CallArguments<N extends EndpointName> =
  Record<string, never> extends EndpointInput<Endpoints[N]>
    ? [input?: CallInput<N>, options?: CallOptions]
    : [input: CallInput<N>, options?: CallOptions];
type CallOptions = Pick<RequestOptions, 'fallback' | 'signal' | 'onUploadProgress'>;

function queryString(query: Record<string, unknown> | undefined, search: string | undefined): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * Calls an endpoint of the contract's table by name: its path, method and whether it needs a session
 * come from the table, and the answer's type is the table's answer schema.
 */
export function callEndpoint<N extends EndpointName>(
  name: N,
  ...[input, options = {}]: CallArguments<N>
): Promise<EndpointAnswer<Endpoints[N]>> {
  const endpoint = endpointRoute(name);
  const { params, query, body, search } = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
    search?: string;
  };
  const path = endpointPath(endpoint.path, params) + queryString(query, search);
  return apiRequest(path, { ...options, method: endpoint.method, body, auth: endpoint.auth });
}
