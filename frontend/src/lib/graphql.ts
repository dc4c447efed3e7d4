/**
 * Minimal GraphQL client: POST /graphql with the session cookie. Any HTTP 401 signs the user
 * out (clears the client-side session); the route guard then sends them to /login?next=….
 */
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
import { clearSession } from './session';

export const GRAPHQL_ENDPOINT = '/graphql';
/** The public site's queries (prices, the live-price operation, the wallet check): no session needed. */
export const PUBLIC_GRAPHQL_ENDPOINT = '/public/graphql';

export class UnauthorizedError extends Error {
  constructor() {
    super('Your session has ended. Please sign in again.');
    this.name = 'UnauthorizedError';
  }
}

export class GraphQLRequestError extends Error {
  readonly status: number | null;
  readonly messages: string[];
  constructor(messages: string[], status: number | null = null) {
    super(messages.join('\n') || 'The request failed.');
    this.name = 'GraphQLRequestError';
    this.status = status;
    this.messages = messages;
  }
}

interface GraphQLResponse<T> {
  data?: T | null;
  errors?: { message: string }[];
}

const OPERATION_NAME_RE = /\b(?:query|mutation|subscription)\s+([_A-Za-z][_0-9A-Za-z]*)/;

export function operationName(document: string): string | undefined {
  return OPERATION_NAME_RE.exec(document)?.[1];
}

type RequestArguments<TVariables> = TVariables extends Record<string, never>
  ? [variables?: TVariables, init?: { signal?: AbortSignal }]
  : [variables: TVariables, init?: { signal?: AbortSignal }];

export async function request<TResult, TVariables>(
  document: DocumentTypeDecoration<TResult, TVariables>,
  ...[variables, init]: RequestArguments<TVariables>
): Promise<TResult> {
  return post(GRAPHQL_ENDPOINT, String(document), variables, init?.signal);
}

/** A query of the public site's schema, on PUBLIC_GRAPHQL_ENDPOINT. */
export async function publicRequest<TResult, TVariables>(
  document: DocumentTypeDecoration<TResult, TVariables>,
  ...[variables, init]: RequestArguments<TVariables>
): Promise<TResult> {
  return post(PUBLIC_GRAPHQL_ENDPOINT, String(document), variables, init?.signal);
}

async function post<TResult>(endpoint: string, query: string, variables: unknown, signal: AbortSignal | undefined): Promise<TResult> {
  let response: Response;
  try {
    response = await fetch(endpoint, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ query, variables: variables ?? {}, operationName: operationName(query) }),
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new GraphQLRequestError(['Network error: the server could not be reached.']);
  }
  if (response.status === 401) {
    clearSession('lapsed');
    throw new UnauthorizedError();
  }
  let body: GraphQLResponse<TResult> | null = null;
  try {
    body = (await response.json()) as GraphQLResponse<TResult>;
  } catch {
    body = null;
  }
  if (!response.ok && !body?.data) {
    const messages = body?.errors?.map((e) => e.message) ?? [`HTTP ${response.status}`];
    throw new GraphQLRequestError(messages, response.status);
  }
  if (!body || body.data === undefined || body.data === null) {
    throw new GraphQLRequestError(body?.errors?.map((e) => e.message) ?? ['Empty response.'], response.status);
  }
  if (body.errors?.length) {
    throw new GraphQLRequestError(
      body.errors.map((e) => e.message),
      response.status,
    );
  }
  return body.data;
}
