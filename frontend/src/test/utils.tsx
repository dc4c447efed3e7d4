import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { Toaster } from '@/components/toast/Toaster';
import { toast } from '@/components/toast/toastStore';

export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        {ui}
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

/** For each test of the suite: fake timers that still advance, and no toast left from the test before; after it, real timers and globals. */
export function fakeTimersAndFreshToasts() {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    toast.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
}

type Handler = (variables: Record<string, unknown>) => unknown;

export interface FetchCall {
  url: string;
  operationName?: string;
  variables?: Record<string, unknown>;
  body?: BodyInit | null;
}

/**
 * A fetch double: GraphQL operations answered by name (a handler returns `data`, or a Response
 * for raw answers such as HTTP 401), any other URL answered by `other`.
 */
export function mockFetch(handlers: Record<string, Handler>, other?: (url: string, init?: RequestInit) => Response) {
  const calls: FetchCall[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url === '/graphql' || url === '/public/graphql') {
      const payload = JSON.parse(String(init?.body)) as { operationName: string; variables: Record<string, unknown> };
      calls.push({ url, operationName: payload.operationName, variables: payload.variables });
      const handler = handlers[payload.operationName];
      if (!handler) return new Response(JSON.stringify({ errors: [{ message: `no mock for ${payload.operationName}` }] }), { status: 200 });
      const answer = await handler(payload.variables);
      if (answer instanceof Response) return answer;
      return new Response(JSON.stringify({ data: answer }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }
    calls.push({ url, body: init?.body });
    return other ? other(url, init) : new Response(null, { status: 404 });
  });
  vi.stubGlobal('fetch', fn);
  return { fn, calls, operations: () => calls.filter((c) => c.operationName).map((c) => c.operationName) };
}

/** What the app sent to one of the analytics endpoints (`/save_event` …), as JSON bodies. */
export function sentTo(path: string, calls: FetchCall[]): Record<string, unknown>[] {
  return calls.filter((call) => call.url === path).map((call) => JSON.parse(String(call.body)) as Record<string, unknown>);
}
