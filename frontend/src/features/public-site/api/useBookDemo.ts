import { useMutation } from '@tanstack/react-query';
import { BookDemoDocument, type DemoBookingInput } from '@/gql/graphql';
import { publicRequest } from '@/lib/graphql';

/** The enterprise demo booking, on /public/graphql: the visitor is not signed in. */
export function useBookDemo() {
  return useMutation({
    mutationFn: async (input: DemoBookingInput) => (await publicRequest(BookDemoDocument, { input })).bookDemo,
  });
}
