import { useCallback, useContext } from "react";
import { UNSAFE_NavigationContext, useNavigate, type NavigateOptions } from "react-router";

export type QueryWriter = (change: (params: URLSearchParams) => void, options?: NavigateOptions) => void;

/**
 * The query string as the router's history holds it now (BrowserRouter's reads the address bar,
 * MemoryRouter's its newest entry). `useSearchParams` gives the location the router last
 * committed instead, which it commits in a transition, so it can lag a tap behind.
 */
export function useCurrentQuery(): () => URLSearchParams {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  return useCallback(() => {
    const live = (navigator as Partial<{ location: { search: string } }>).location;
    return new URLSearchParams(live?.search ?? window.location.search);
  }, [navigator]);
}

/**
 * Rewrites the query string from what it is now. React Router's own `setSearchParams((prev) => …)`
 * starts from the committed location: a write made before that commit puts back what a newer
 * write had just changed (the chat opened a moment ago, the Contacts screen closed a moment ago).
 */
export function useQueryWriter(): QueryWriter {
  const navigate = useNavigate();
  const currentQuery = useCurrentQuery();
  return useCallback<QueryWriter>(
    (change, options) => {
      const params = currentQuery();
      change(params);
      navigate(`?${params}`, options);
    },
    [navigate, currentQuery],
  );
}
