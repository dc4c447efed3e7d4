import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppInfoDocument } from '@/gql/graphql';
import { GraphQLRequestError, operationName, request, UnauthorizedError } from './graphql';
import { isSignedIn } from './session';

afterEach(() => vi.unstubAllGlobals());

describe('graphql client', () => {
  it('POSTs the named operation to /graphql with credentials', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ data: { appInfo: { maxUploadBytes: 5 } } })));
    vi.stubGlobal('fetch', fetchMock);
    const data = await request(AppInfoDocument);
    expect(data.appInfo.maxUploadBytes).toBe(5);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/graphql');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(JSON.parse(String(init.body)).operationName).toBe('appInfo');
  });

  it('signs the user out on HTTP 401', async () => {
    document.cookie = 'is_auth=true; path=/';
    expect(isSignedIn()).toBe(true);
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"detail":"no"}', { status: 401 })));
    await expect(request(AppInfoDocument)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(isSignedIn()).toBe(false);
  });

  it('raises GraphQL errors', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ errors: [{ message: 'boom' }] }))));
    await expect(request(AppInfoDocument)).rejects.toBeInstanceOf(GraphQLRequestError);
  });

  it('reads operation names', () => {
    expect(operationName('query GetCostBasisStatus { x }')).toBe('GetCostBasisStatus');
    expect(operationName('mutation presignFileUpload($f: String!) { x }')).toBe('presignFileUpload');
  });
});
