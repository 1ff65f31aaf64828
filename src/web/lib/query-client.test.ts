import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client.ts';

describe('createQueryClient', () => {
  it("uses the spec's caching: fresh and refreshed every 60 s, one retry, no refetch on focus", () => {
    expect(createQueryClient().getDefaultOptions().queries).toEqual({
      staleTime: 60_000,
      refetchInterval: 60_000,
      retry: 1,
      refetchOnWindowFocus: false,
    });
  });

  it('applies the defaults to every query it builds', () => {
    const queryClient = createQueryClient();
    const options = queryClient.defaultQueryOptions({ queryKey: ['members'] });
    expect(options).toMatchObject({
      staleTime: 60_000,
      refetchInterval: 60_000,
      retry: 1,
      refetchOnWindowFocus: false,
    });
  });
});
